/// Text broken into lines at spaces to fit a width, each line indented.
enum TextWrap {
    static func lines(_ text: String, width: Int, indent: Int = 1) -> [String] {
        let room = max(8, width - indent - 1)
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let w = DisplayWidth.of(String(word))
            if currentWidth > 0 && currentWidth + 1 + w > room {
                lines.append(pad + current)
                current = ""
                currentWidth = 0
            }
            if currentWidth > 0 { current += " "; currentWidth += 1 }
            current += word
            currentWidth += w
        }
        if !current.isEmpty || lines.isEmpty { lines.append(pad + current) }
        return lines
    }

    /// A line of styled pieces broken at spaces to fit `width` (a line that fits is kept as
    /// it is): nothing the detail pane explains is cut at the screen's edge. Continuation
    /// lines are indented by `indent` columns; a hint piece stays whole.
    static func styledLines(_ pieces: [(String, Style)], width: Int, indent: Int = 3) -> [[(String, Style)]] {
        guard pieces.reduce(0, { $0 + DisplayWidth.of($1.0) }) > width, width > indent + 8 else { return [pieces] }
        // Words with their style, each carrying the spaces before it.
        var words: [(String, Style)] = []
        for (text, style) in pieces {
            // A key hint (`f: all 2 fixes`) moves to the next line whole, never split.
            if style == .hint {
                words.append((text, style))
                continue
            }
            var current = ""
            for character in text {
                if character == " " && !current.isEmpty && current.last != " " {
                    words.append((current, style))
                    current = ""
                }
                current.append(character)
            }
            if !current.isEmpty { words.append((current, style)) }
        }
        let pad = String(repeating: " ", count: indent)
        var lines: [[(String, Style)]] = [[]]
        var used = 0
        for (word, style) in words {
            var word = word
            if used > indent && used + DisplayWidth.of(word) > width {
                word = String(word.drop { $0 == " " })
                lines.append([(pad, .plain)])
                used = indent
            }
            lines[lines.count - 1].append((word, style))
            used += DisplayWidth.of(word)
        }
        return lines
    }
}

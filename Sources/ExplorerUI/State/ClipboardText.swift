import JSONTree

/// Text for the clipboard: never an escape sequence or an invisible character, so pasting it
/// into a terminal cannot run anything. The line feed is the one control character kept, as
/// the line break of multi-line values and code.
enum ClipboardText {
    /// OSC 52 carries the text base64-encoded in one escape sequence; tmux and most terminals
    /// drop longer ones (tmux's limit is about 1 MB of sequence).
    static let byteLimit = 512 * 1024

    /// A value's JSON text as the payload writes it, with the same meaning and nothing a
    /// terminal acts on: unsafe characters inside strings become `\uXXXX` escapes (all of them
    /// are in the BMP), a JSON5 line continuation is joined, and outside strings CR LF becomes
    /// LF and a tab spaces.
    static func json(of node: NodeID, in tree: JSONTree) -> String {
        let source = dedented(String(decoding: tree.text[tree.byteRange(node)], as: UTF8.self), node: node, in: tree)
        var out = String.UnicodeScalarView()
        var quote: Unicode.Scalar?
        var lineComment = false
        var scalars = Array(source.unicodeScalars)[...]
        var blockComment = false
        func escaped(_ s: Unicode.Scalar) -> String {
            let hex = String(s.value, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        while let s = scalars.popFirst() {
            if let q = quote {
                switch s {
                case "\\":
                    guard let next = scalars.first else { out.append(s); continue }
                    if next == "\n" || next == "\r" || next == "\u{2028}" || next == "\u{2029}" {
                        // A JSON5 line continuation stands for nothing.
                        scalars.removeFirst()
                        if next == "\r", scalars.first == "\n" { scalars.removeFirst() }
                    } else if TerminalSafeText.isUnsafe(next) {
                        // An identity escape of an unsafe character: the character, escaped.
                        scalars.removeFirst()
                        out.append(contentsOf: escaped(next).unicodeScalars)
                    } else {
                        scalars.removeFirst()
                        out.append(s)
                        out.append(next)
                    }
                case q:
                    quote = nil
                    out.append(s)
                default:
                    if TerminalSafeText.isUnsafe(s) { out.append(contentsOf: escaped(s).unicodeScalars) } else { out.append(s) }
                }
                continue
            }
            switch s {
            case "\"", "'":
                if !lineComment && !blockComment { quote = s }
                out.append(s)
            case "/" where tree.isJSON5 && !lineComment && !blockComment && (scalars.first == "/" || scalars.first == "*"):
                lineComment = scalars.first == "/"
                blockComment = scalars.first == "*"
                out.append(s)
                out.append(scalars.removeFirst())
            case "*" where blockComment && scalars.first == "/":
                blockComment = false
                out.append(s)
                out.append(scalars.removeFirst())
            case "\r":
                if scalars.first == "\n" { scalars.removeFirst() }
                lineComment = false
                out.append("\n")
            case "\n":
                lineComment = false
                out.append(s)
            case "\t":
                out.append(contentsOf: "    ".unicodeScalars)
            case "\u{FEFF}":
                break
            default:
                if TerminalSafeText.isUnsafe(s) {
                    out.append(contentsOf: (s.value < 0x20 ? " " : TerminalSafeText.escape(String(s))).unicodeScalars)
                } else {
                    out.append(s)
                }
            }
        }
        return String(out)
    }

    /// A value that spans lines, without the indentation of the line it starts on, so it
    /// pastes as if it stood alone. (Not in JSON5, where a line continuation inside a string
    /// would carry that indentation into the value.)
    static func dedented(_ text: String, node: NodeID, in tree: JSONTree) -> String {
        guard !tree.isJSON5, !tree.isSynthetic(node), text.contains("\n") else { return text }
        let indentation = String(decoding: tree.lineBytes(tree.location(node).line).prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
        guard !indentation.isEmpty else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for k in lines.indices.dropFirst() where lines[k].hasPrefix(indentation) {
            lines[k] = lines[k].dropFirst(indentation.count)
        }
        return lines.joined(separator: "\n")
    }

    /// The Swift type `ys` decodes: what the value is, or an Xcode placeholder for containers.
    static func swiftType(of node: NodeID, in tree: JSONTree) -> String {
        switch tree.kind(node) {
        case .object, .array: "<#Type#>"
        case .string: "String"
        case .bool: "Bool"
        case .null: "String?"
        case .number:
            tree.rawText(node).utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D } ? "Int" : "Double"
        }
    }
}

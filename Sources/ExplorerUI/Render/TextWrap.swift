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
}

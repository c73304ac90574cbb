extension Screen {
    /// The column after the last non-blank cell of a row.
    func contentEnd(y: Int) -> Int {
        var x = width - 1
        while x >= 0 && self[x, y] == .blank { x -= 1 }
        return x + 1
    }

    /// A note at the right of a row (a decode error, a structural error): past the content,
    /// at least at 55% of the width; where the content runs long, the note covers its end.
    mutating func putNote(_ text: String, style: Style, after end: Int, y: Int) {
        putNote([text], style: style, after: end, y: y)
    }

    /// A note said as fully as the row has room for: the first of `texts` (longest first) that
    /// fits whole past the content, else the first that fits over the content's end, else the
    /// last one shortened by the one rule.
    mutating func putNote(_ texts: [String], style: Style, after end: Int, y: Int) {
        guard let last = texts.last else { return }
        let left = width * 55 / 100
        let text =
            texts.first { DisplayWidth.of($0) <= width - max(end + 3, left) - 1 }
            ?? texts.first { DisplayWidth.of($0) <= width - left - 1 } ?? last
        // Past the content when it fits; where the content runs long, as far right as the
        // whole note fits, but never left of 55% of the width.
        let x = min(max(end + 3, width * 55 / 100), max(width * 55 / 100, width - DisplayWidth.of(text) - 1))
        guard x < width - 4 else { return }
        for k in (x - 1)..<width where k >= 0 { put(" ", x: k, y: y, style: .plain) }
        // The note covers the content's end: the content says it was cut.
        if end > x - 1, x >= 2 { put("…", x: x - 2, y: y, style: .dimmed) }
        put(Shortened.text(text, width: width - x - 1), x: x, y: y, style: style)
    }
}

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
        // Past the content when it fits; where the content runs long, as far right as the
        // whole note fits, but never left of 55% of the width.
        let x = min(max(end + 3, width * 55 / 100), max(width * 55 / 100, width - DisplayWidth.of(text) - 1))
        guard x < width - 4 else { return }
        for k in (x - 1)..<width where k >= 0 { put(" ", x: k, y: y, style: .plain) }
        if DisplayWidth.of(text) > width - x - 1 {
            let end = put(text, x: x, y: y, style: style, limit: width - 1)
            put("…", x: min(end, width - 1), y: y, style: .dimmed)
        } else {
            put(text, x: x, y: y, style: style)
        }
    }
}

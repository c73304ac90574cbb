/// The payload line a diagnostic is about, with a caret under the column, safe to print.
///
/// Long lines (a minified 100 MB payload is one line) are cut to a window around the
/// column, marked with `…`; control and bidi characters are shown escaped so that the
/// excerpt cannot drive the terminal.
public struct SourceExcerpt: Hashable, Sendable {
    /// The line, possibly cut, made terminal-safe.
    public var line: String
    /// Spaces and a `^` under the reported column.
    public var caret: String

    /// The excerpt for a 1-based line and column of UTF-8 text.
    public init(lineBytes: some Collection<UInt8>, column: Int, width: Int = 100) {
        let scalars = Array(String(decoding: lineBytes, as: UTF8.self).unicodeScalars)
        let target = max(0, min(column - 1, scalars.count))
        var from = 0
        var to = scalars.count
        if scalars.count > width {
            from = max(0, min(target - width / 2, scalars.count - width))
            to = min(scalars.count, from + width)
        }
        var shown = ""
        var caretOffset = 0
        if from > 0 { shown += "…"; caretOffset += 1 }
        for (k, s) in scalars[from..<to].enumerated() {
            let piece = s == "\t" ? " " : TerminalSafeText.escape(String(s))
            if from + k < target { caretOffset += piece.count }
            shown += piece
        }
        if to < scalars.count { shown += "…" }
        line = shown
        caret = String(repeating: " ", count: caretOffset) + "^"
    }

    /// The excerpt for a location in a payload given as the user's raw bytes (any encoding).
    public init(payload bytes: [UInt8], line: Int, column: Int) {
        let text: [UInt8]
        switch DecodedText.decode(bytes) {
        case .success(let decoded): text = Array(decoded.utf8[decoded.start...])
        case .failure: text = bytes
        }
        var current = 1
        var start = 0
        var k = 0
        while k < text.count && current < line {
            if text[k] == 0x0A || (text[k] == 0x0D && (k + 1 >= text.count || text[k + 1] != 0x0A)) {
                current += 1
                start = k + 1
            }
            k += 1
        }
        var end = start
        while end < text.count && text[end] != 0x0A && text[end] != 0x0D { end += 1 }
        self.init(lineBytes: text[start..<end], column: column)
    }
}

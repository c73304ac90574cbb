import ModelSchema

/// A model file's text as UTF-8 bytes, with the few lexical facts a fix needs to edit it:
/// where a property's written type is, its `let`/`var`, a type's braces.
///
/// Positions come from ModelSchema (line, and column in UTF-8 bytes, as swift-syntax counts).
/// Scans skip comments and string literals (plain, multi-line and raw), so a `}` inside a
/// string never closes a body. Example: in `    let price: Double // USD`, the name `price`
/// starts at column 9, its type is the byte range of `Double`, the binding keyword is `let`.
struct SwiftSourceText {
    let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The byte offset of a 1-based line and UTF-8 column.
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let offset = lineStarts[line - 1] + column - 1
        return offset <= bytes.count ? offset : nil
    }

    func offset(of location: ModelLocation) -> Int? { offset(line: location.line, column: location.column) }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    func lineStart(of offset: Int) -> Int {
        var i = min(offset, bytes.count)
        while i > 0, bytes[i - 1] != 0x0A { i -= 1 }
        return i
    }

    /// The spaces and tabs that open the line holding `offset`.
    func indentation(of offset: Int) -> String {
        let start = lineStart(of: offset)
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return string(start..<end)
    }

    // MARK: Characters

    static func isIdentifier(_ b: UInt8) -> Bool {
        b == 0x5F || (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b >= 0x80
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    func skipSpaces(from i: Int, newlines: Bool = false) -> Int {
        var i = i
        while i < bytes.count, Self.isSpace(bytes[i]) || (newlines && (bytes[i] == 0x0A || bytes[i] == 0x0D)) { i += 1 }
        return i
    }

    /// The end of an identifier starting at `i` (backticks included).
    func identifierEnd(from i: Int) -> Int {
        var i = i
        if i < bytes.count, bytes[i] == 0x60 {
            i += 1
            while i < bytes.count, bytes[i] != 0x60, bytes[i] != 0x0A { i += 1 }
            return min(i + 1, bytes.count)
        }
        while i < bytes.count, Self.isIdentifier(bytes[i]) { i += 1 }
        return i
    }

    /// The word that ends just before `end` (after skipping spaces and newlines back).
    func word(before end: Int) -> Range<Int>? {
        var e = end
        while e > 0, Self.isSpace(bytes[e - 1]) || bytes[e - 1] == 0x0A || bytes[e - 1] == 0x0D { e -= 1 }
        var s = e
        while s > 0, Self.isIdentifier(bytes[s - 1]) { s -= 1 }
        return s < e ? s..<e : nil
    }

    // MARK: Comments and strings

    /// If a comment or string literal starts at `i`, the offset just past it.
    func skipTrivia(at i: Int) -> Int? {
        guard i < bytes.count else { return nil }
        if bytes[i] == 0x2F, i + 1 < bytes.count {
            if bytes[i + 1] == 0x2F {
                var j = i
                while j < bytes.count, bytes[j] != 0x0A { j += 1 }
                return j
            }
            if bytes[i + 1] == 0x2A {
                var depth = 0, j = i
                while j + 1 < bytes.count {
                    if bytes[j] == 0x2F, bytes[j + 1] == 0x2A { depth += 1; j += 2; continue }
                    if bytes[j] == 0x2A, bytes[j + 1] == 0x2F { depth -= 1; j += 2; if depth == 0 { return j }; continue }
                    j += 1
                }
                return bytes.count
            }
        }
        if bytes[i] == 0x22 || bytes[i] == 0x23 { return stringEnd(from: i) }
        return nil
    }

    /// The end of a string literal starting at `i` (`"…"`, `"""…"""`, `#"…"#`); nil if none starts there.
    func stringEnd(from i: Int) -> Int? {
        var j = i, hashes = 0
        while j < bytes.count, bytes[j] == 0x23 { hashes += 1; j += 1 }
        guard j < bytes.count, bytes[j] == 0x22 else { return nil }
        let multiline = j + 2 < bytes.count && bytes[j + 1] == 0x22 && bytes[j + 2] == 0x22
        let quotes = multiline ? 3 : 1
        j += quotes
        while j < bytes.count {
            if bytes[j] == 0x5C, hashes == 0 { j += 2; continue }
            if bytes[j] == 0x0A, !multiline { return j }
            if bytes[j] == 0x22, j + quotes + hashes <= bytes.count,
                bytes[j..<(j + quotes)].allSatisfy({ $0 == 0x22 }),
                bytes[(j + quotes)..<(j + quotes + hashes)].allSatisfy({ $0 == 0x23 })
            {
                return j + quotes + hashes
            }
            j += 1
        }
        return bytes.count
    }

    /// The first `{` at or after `start` and its matching `}`.
    func braces(from start: Int) -> (open: Int, close: Int)? {
        var i = start, open: Int?, depth = 0
        while i < bytes.count {
            if let next = skipTrivia(at: i) { i = next; continue }
            if bytes[i] == 0x7B {
                if open == nil { open = i }
                depth += 1
            } else if bytes[i] == 0x7D, open != nil {
                depth -= 1
                if depth == 0, let open { return (open, i) }
            }
            i += 1
        }
        return nil
    }
}

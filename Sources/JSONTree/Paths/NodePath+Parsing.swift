extension NodePath {
    /// Parses a key path as `--path` takes it: `results`, `elements[0].element`, `errors.base.0`,
    /// `$.a.b`, `$`, an empty string, `["key.with.dots"][2]`, or a JSON Pointer `/elements/0/element`.
    ///
    /// A leading `/` makes the whole text a JSON Pointer (RFC 6901). Otherwise: an optional `$`
    /// (or a jq-style leading `.`), then keys after dots and bracketed indices or quoted keys.
    /// A key after a dot runs to the next `.` or `[`, so it may hold spaces and any Unicode;
    /// `["..."]` and `['...']` take any key, with JSON string escapes. A bare number (after a
    /// dot, first, or as a pointer token) is settled against a tree: see ``Component/keyOrIndex(_:)``.
    /// `$ref` is the key "$ref": `$` marks the root only when a `.`, a `[` or the end follows.
    public init(parsing text: String) throws(ParseError) {
        let scalars = Array(text.unicodeScalars)
        if scalars.first == "/" {
            self = try NodePath(pointer: scalars)
        } else {
            var parser = KeyPathParser(scalars: scalars)
            self = NodePath(try parser.parse())
        }
    }

    /// The step for a bare number: canonical digits (`0`, `17`, not `007`) that fit an `Int`
    /// may be an index; anything else is a key.
    static func bareComponent(_ text: String) -> Component {
        let digits = text.utf8
        guard let first = digits.first, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            first != 0x30 || digits.count == 1, let n = Int(text)
        else { return .key(text) }
        return .keyOrIndex(n)
    }
}

/// Reads the dotted and bracketed form of a key path, one scalar at a time.
struct KeyPathParser {
    typealias Failure = NodePath.ParseError
    let scalars: [Unicode.Scalar]
    var i = 0
    var components: [NodePath.Component] = []

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func parse() throws(Failure) -> [NodePath.Component] {
        guard let first = scalars.first else { return [] }
        if first == "$", scalars.count == 1 || scalars[1] == "." || scalars[1] == "[" {
            i = 1
        } else if first == "." {
            if scalars.count == 1 { return [] }  // jq's `.`
        } else if first != "[" {
            try bareKey()
        }
        while i < scalars.count {
            switch scalars[i] {
            case ".":
                i += 1
                if i < scalars.count, scalars[i] == "[" { continue }  // `.["a"]`, as jq allows
                try bareKey()
            case "[":
                try bracket()
            default:
                throw .expectedDotOrBracket(found: describe(i), at: i)
            }
        }
        return components
    }

    /// A key written after a dot (or first): everything up to the next `.` or `[`.
    private mutating func bareKey() throws(Failure) {
        let start = i
        while i < scalars.count, scalars[i] != ".", scalars[i] != "[" {
            if scalars[i] == "]" { throw .unexpectedClosingBracket(at: i) }
            i += 1
        }
        guard i > start else { throw .missingKey(at: start) }
        components.append(NodePath.bareComponent(text(start..<i)))
    }

    /// `[N]`, `["key"]` or `['key']`, with optional spaces inside the brackets.
    private mutating func bracket() throws(Failure) {
        i += 1
        skipSpaces()
        guard i < scalars.count else { throw .expectedIndexOrQuotedKey(found: describe(i), at: i) }
        let content: Failure.BracketContent
        switch scalars[i] {
        case "\"", "'":
            components.append(.key(try quotedKey()))
            content = .quotedKey
        case "0"..."9", "-":
            components.append(.index(try index()))
            content = .index
        default:
            throw .expectedIndexOrQuotedKey(found: describe(i), at: i)
        }
        skipSpaces()
        guard i < scalars.count, scalars[i] == "]" else {
            throw .expectedClosingBracket(after: content, found: describe(i), at: i)
        }
        i += 1
    }

    private mutating func index() throws(Failure) -> Int {
        let start = i
        if scalars[i] == "-" { i += 1 }
        let digitsStart = i
        while i < scalars.count, ("0"..."9").contains(scalars[i]) { i += 1 }
        let written = text(start..<i)
        guard i > digitsStart else { throw .expectedIndexOrQuotedKey(found: describe(start), at: start) }
        if scalars[start] == "-" { throw .negativeIndex(written, at: start) }
        guard let n = Int(written) else { throw .indexTooLarge(written, at: start) }
        return n
    }

    /// A key in double or single quotes, with JSON escapes (and `\'` inside single quotes).
    private mutating func quotedKey() throws(Failure) -> String {
        let quote = scalars[i]
        let start = i
        i += 1
        var key = String.UnicodeScalarView()
        while true {
            guard i < scalars.count else { throw .unterminatedQuotedKey(startingAt: start) }
            let c = scalars[i]
            if c == quote {
                i += 1
                return String(key)
            }
            if c == "\\" {
                guard i + 1 < scalars.count else { throw .unterminatedQuotedKey(startingAt: start) }
                key.append(try escape(quote: quote))
            } else {
                key.append(c)
                i += 1
            }
        }
    }

    /// The scalar a backslash escape stands for; `i` is at the backslash and moves past it.
    private mutating func escape(quote: Unicode.Scalar) throws(Failure) -> Unicode.Scalar {
        let at = i
        let e = scalars[i + 1]
        i += 2
        switch e {
        case "\"", "\\", "/": return e
        case "'" where quote == "'": return e
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u": break
        default: throw .invalidEscape("\\" + String(Character(e)), at: at)
        }
        let unit = try hexUnit(escapeAt: at)
        if (0xDC00...0xDFFF).contains(unit) { throw .unpairedSurrogate(text(at..<i), at: at) }
        guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit)! }
        guard i + 1 < scalars.count, scalars[i] == "\\", scalars[i + 1] == "u" else {
            throw .unpairedSurrogate(text(at..<i), at: at)
        }
        let lowAt = i
        i += 2
        let low = try hexUnit(escapeAt: lowAt)
        guard (0xDC00...0xDFFF).contains(low) else { throw .unpairedSurrogate(text(at..<i), at: at) }
        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
    }

    /// The four hex digits after `\u`; `i` is just past the `u`.
    private mutating func hexUnit(escapeAt at: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < scalars.count, let digit = Self.hexValue(scalars[i]) else {
                throw .invalidEscape(text(at..<min(i, scalars.count)), at: at)
            }
            value = value * 16 + UInt32(digit)
            i += 1
        }
        return value
    }

    private static func hexValue(_ s: Unicode.Scalar) -> Int? {
        switch s {
        case "0"..."9": Int(s.value - 0x30)
        case "a"..."f": Int(s.value - 0x61 + 10)
        case "A"..."F": Int(s.value - 0x41 + 10)
        default: nil
        }
    }

    private mutating func skipSpaces() {
        while i < scalars.count, scalars[i] == " " { i += 1 }
    }

    private func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    private func describe(_ offset: Int) -> String { Failure.describe(scalars, at: offset) }
}

/// How deep Swift source may nest before it is handed to swift-syntax, checked in one linear pass.
///
/// swift-syntax (and swiftc, whose parser does the same) looks ahead at every `[` to tell an
/// array type from an `InlineArray` (`[3 of Int]`), and the look-ahead parses the element
/// again: directly nested square brackets cost 2^depth (a 26-deep `[[…Int…]]` takes 43 s in
/// swiftc, 52 s here). Its recursive descent, and ours over the types it yields, overflow the
/// stack on a few thousand `<` or `?`. So before parsing, a scan that skips comments and string
/// literals measures three things and refuses the source at the first place one passes its limit:
///
///     struct S: Decodable { var m: [[[[[[[[[Int]]]]]]]]] }
///                                          ^ the 9th open `[` (1:38): refused
///
/// - open `[` inside open `[` (array and dictionary types and literals), at most `squareDepth`;
/// - open `(`, `[`, `{` and generic `<` together, at most `bracketDepth`;
/// - postfix `?` / `!` in a row (`Int???`), at most `optionalRun`.
public struct NestingLimit: Sendable, Hashable {
    public static let squareDepth = 8
    public static let bracketDepth = 64
    public static let optionalRun = 32

    /// What went too deep.
    public enum Construct: Sendable, Hashable {
        case squareBrackets, brackets, optionals
    }

    public var construct: Construct
    /// 1-based, in the source (columns in UTF-8 bytes, as swift-syntax counts them).
    public var line: Int
    public var column: Int

    public var limit: Int {
        switch construct {
        case .squareBrackets: Self.squareDepth
        case .brackets: Self.bracketDepth
        case .optionals: Self.optionalRun
        }
    }

    /// The first place `text` nests too deep, or nil when it can be parsed.
    public static func firstViolation(in text: String) -> NestingLimit? {
        var scanner = Scanner()
        var copy = text
        return copy.withUTF8 { scanner.scan($0) }
    }

    private struct Scanner {
        var line = 1, lineStart = 0
        /// Open brackets, innermost last: `(`, `[`, `{` or `<`.
        var open: [UInt8] = []
        var squares = 0

        mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> NestingLimit? {
            var i = 0
            var optionals = 0
            func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
            while i < bytes.count {
                let b = bytes[i]
                if b != UInt8(ascii: "?") && b != UInt8(ascii: "!") { optionals = 0 }
                switch b {
                case UInt8(ascii: "\n"):
                    line += 1; lineStart = i + 1
                    closeAngles()
                case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                    while i < bytes.count && bytes[i] != UInt8(ascii: "\n") { i += 1 }
                    continue
                case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "*"):
                    i = skipBlockComment(bytes, from: i)
                    continue
                case UInt8(ascii: "\""), UInt8(ascii: "#"):
                    if let end = skipString(bytes, from: i) { i = end; continue }
                case UInt8(ascii: "?"), UInt8(ascii: "!"):
                    optionals += 1
                    if optionals > optionalRun { return violation(.optionals, i) }
                case UInt8(ascii: "["):
                    squares += 1
                    if squares > squareDepth { return violation(.squareBrackets, i) }
                    fallthrough
                case UInt8(ascii: "("), UInt8(ascii: "{"):
                    if b == UInt8(ascii: "{") { closeAngles() }
                    open.append(b)
                    if open.count > bracketDepth { return violation(.brackets, i) }
                case UInt8(ascii: "<") where i > 0 && Self.isIdentifier(bytes[i - 1]):
                    open.append(b)
                    if open.count > bracketDepth { return violation(.brackets, i) }
                case UInt8(ascii: ">") where open.last == UInt8(ascii: "<"):
                    open.removeLast()
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ";"):
                    closeAngles()
                    if b != UInt8(ascii: ";"), !open.isEmpty {
                        if open.removeLast() == UInt8(ascii: "[") { squares -= 1 }
                    }
                default: break
                }
                i += 1
            }
            return nil
        }

        /// A `<` is an operator, not generic arguments, when no `>` closes it before these.
        mutating func closeAngles() {
            while open.last == UInt8(ascii: "<") { open.removeLast() }
        }

        func violation(_ construct: Construct, _ offset: Int) -> NestingLimit {
            NestingLimit(construct: construct, line: line, column: offset - lineStart + 1)
        }

        static func isIdentifier(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b >= 0x80
        }

        /// Past a `/* … */` comment, which nests in Swift.
        mutating func skipBlockComment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            var i = start + 2, depth = 1
            while i < bytes.count && depth > 0 {
                if bytes[i] == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
                if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") { depth += 1; i += 2; continue }
                if bytes[i] == UInt8(ascii: "*"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") { depth -= 1; i += 2; continue }
                i += 1
            }
            return i
        }

        /// Past a string literal (`"…"`, `"""…"""`, `#"…"#`) starting at `start`; nil when none starts there.
        /// Interpolations are skipped with the string: their brackets are expressions the parser reads
        /// without the type look-ahead.
        mutating func skipString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
            var i = start, hashes = 0
            while i < bytes.count && bytes[i] == UInt8(ascii: "#") { hashes += 1; i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            let multiline = i + 2 < bytes.count && bytes[i + 1] == UInt8(ascii: "\"") && bytes[i + 2] == UInt8(ascii: "\"")
            let quotes = multiline ? 3 : 1
            i += quotes
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\n") {
                    line += 1; lineStart = i + 1
                    if !multiline { return i }
                }
                if b == UInt8(ascii: "\\") {
                    var k = i + 1, seen = 0
                    while k < bytes.count && seen < hashes && bytes[k] == UInt8(ascii: "#") { seen += 1; k += 1 }
                    if seen == hashes { i = k + 1; continue }
                }
                if b == UInt8(ascii: "\"") {
                    var k = i, run = 0
                    while k < bytes.count && run < quotes && bytes[k] == UInt8(ascii: "\"") { run += 1; k += 1 }
                    var seen = 0
                    while k < bytes.count && seen < hashes && bytes[k] == UInt8(ascii: "#") { seen += 1; k += 1 }
                    if run == quotes && seen == hashes { return k }
                }
                i += 1
            }
            return i
        }
    }
}

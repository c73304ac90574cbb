/// Reads an Xcode project file (`project.pbxproj`) into a ``ProjectPlist``, keeping the line of
/// every value, and saying where the file stops being an old-style property list.
///
/// A project file, as Xcode writes it:
///
///     // !$*UTF8*$!                                  <- a comment, skipped
///     {
///         archiveVersion = 1;                        <- key = value ; (an unquoted string)
///         objects = {
///             1A2B /* App.swift */ = {isa = PBXFileReference; path = App.swift; sourceTree = "<group>"; };
///             ...                   ^ the comment Xcode writes after an object's id is skipped too
///         };
///         rootObject = 9F00 /* Project object */;
///     }
///
/// gives `.dictionary(["archiveVersion": "1" (line 3), "objects": .dictionary(…) (line 4), …])`.
/// Arrays are `( a, b, )`, the last comma optional. Quoted strings take `\"`, `\\`, `\n`, `\t`
/// and `\U` with four hex digits. Nesting is bounded (``depthLimit``): a file nested deeper is
/// an error, never a crash.
public struct ProjectPlistParser {
    /// Why the text is not a property list, on ``line``.
    public enum Problem: Error, Sendable, Hashable {
        /// What was expected, and what came instead (nil: the end of the file).
        case expected(String, found: String?)
        case unterminatedString(startedOnLine: Int)
        case unterminatedComment(startedOnLine: Int)
        case nestedTooDeep(limit: Int)
        /// Text after the top-level dictionary.
        case textAfterEnd
    }

    struct Failure: Error, Sendable, Hashable {
        var line: Int
        var problem: Problem
    }

    /// Deeper than any project Xcode writes (about 6), shallow enough for the recursion.
    static let depthLimit = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    /// The top-level value of `text` (a dictionary in every project file).
    static func parse(_ text: String) throws(Failure) -> ProjectPlist {
        var parser = ProjectPlistParser(bytes: Array(text.utf8))
        let value = try parser.value(depth: 0)
        try parser.skipTrivia()
        guard parser.index == parser.bytes.count else { throw Failure(line: parser.line, problem: .textAfterEnd) }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func value(depth: Int) throws(Failure) -> ProjectPlist {
        try skipTrivia()
        guard depth < Self.depthLimit else { throw Failure(line: line, problem: .nestedTooDeep(limit: Self.depthLimit)) }
        let start = line
        guard let byte = peek else { throw Failure(line: line, problem: .expected("a value", found: nil)) }
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            var entries: [String: ProjectPlist] = [:]
            while true {
                try skipTrivia()
                if peek == UInt8(ascii: "}") {
                    index += 1
                    return ProjectPlist(.dictionary(entries), line: start)
                }
                let key = try string(expecting: "a key or '}'")
                try expect("=", after: "the key \(key)")
                entries[key] = try value(depth: depth + 1)
                try expect(";", after: "the value of \(key)")
            }
        case UInt8(ascii: "("):
            index += 1
            var items: [ProjectPlist] = []
            while true {
                try skipTrivia()
                if peek == UInt8(ascii: ")") {
                    index += 1
                    return ProjectPlist(.array(items), line: start)
                }
                items.append(try value(depth: depth + 1))
                try skipTrivia()
                if peek == UInt8(ascii: ",") {
                    index += 1
                } else if peek != UInt8(ascii: ")") {
                    throw Failure(line: line, problem: .expected("',' or ')' in the array", found: found))
                }
            }
        default:
            return ProjectPlist(.string(try string(expecting: "a value")), line: start)
        }
    }

    /// A quoted or unquoted string.
    private mutating func string(expecting what: String) throws(Failure) -> String {
        try skipTrivia()
        guard let byte = peek else { throw Failure(line: line, problem: .expected(what, found: nil)) }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try quoted(byte) }
        let start = index
        while let next = peek, Self.isUnquoted(next) { index += 1 }
        guard index > start else { throw Failure(line: line, problem: .expected(what, found: found)) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func quoted(_ quote: UInt8) throws(Failure) -> String {
        let startLine = line
        index += 1
        var text: [UInt8] = []
        while let byte = peek {
            index += 1
            if byte == quote { return String(decoding: text, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { line += 1 }
            guard byte == UInt8(ascii: "\\"), let escaped = peek else {
                text.append(byte)
                continue
            }
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                let hex = bytes[index..<min(index + 4, bytes.count)]
                if hex.count == 4, let code = UInt32(String(decoding: hex, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(code) {
                    index += 4
                    text += Array(String(Character(scalar)).utf8)
                } else {
                    text.append(escaped)
                }
            default:
                if escaped == UInt8(ascii: "\n") { line += 1 }
                text.append(escaped)
            }
        }
        throw Failure(line: startLine, problem: .unterminatedString(startedOnLine: startLine))
    }

    private mutating func expect(_ character: Character, after what: String) throws(Failure) {
        try skipTrivia()
        guard peek == character.asciiValue else {
            throw Failure(line: line, problem: .expected("'\(character)' after \(what)", found: found))
        }
        index += 1
    }

    /// Skips white space, `// …` to the end of the line and `/* … */`.
    private mutating func skipTrivia() throws(Failure) {
        while let byte = peek {
            if byte == UInt8(ascii: "\n") {
                line += 1
                index += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while let next = peek, next != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let startLine = line
                index += 2
                while true {
                    guard let next = peek else { throw Failure(line: startLine, problem: .unterminatedComment(startedOnLine: startLine)) }
                    index += 1
                    if next == UInt8(ascii: "\n") { line += 1 }
                    if next == UInt8(ascii: "*"), peek == UInt8(ascii: "/") {
                        index += 1
                        break
                    }
                }
            } else {
                return
            }
        }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// What stands at the current place, for a message: a word, or one character; nil at the end.
    private var found: String? {
        guard index < bytes.count else { return nil }
        if Self.isUnquoted(bytes[index]) {
            let end = bytes[index...].firstIndex { !Self.isUnquoted($0) } ?? bytes.count
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// Letters, digits and `_$+/:.-`: what an unquoted string is made of.
    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
            UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

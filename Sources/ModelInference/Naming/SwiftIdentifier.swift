/// What Swift accepts as a name, and how to write one that it would not.
enum SwiftIdentifier {
    /// Words that must be written in backticks to be used as a name (reserved keywords,
    /// and names that mean something else after a dot, like `Type` and `self`).
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
        "async", "some", "any", "macro", "package", "consume", "copy", "discard", "each", "then",
    ]

    /// An ASCII identifier: `[A-Za-z_][A-Za-z0-9_]*`, and not `_` alone.
    static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, !isDigit(first), name != "_" else { return false }
        return name.utf8.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") }
    }

    /// The name as it must appear in code: in backticks when it is a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The words of a key: runs of ASCII letters and digits, split at separators and at
    /// lower-to-upper case changes (`content-type` → content, type; `inStock` → in, Stock;
    /// `URLPath` → URL, Path).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        let bytes = Array(text.utf8)
        for (k, b) in bytes.enumerated() {
            guard isLetter(b) || isDigit(b) else {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)); current = [] }
                continue
            }
            if let last = current.last, isUpper(b) {
                let nextIsLower = k + 1 < bytes.count && isLower(bytes[k + 1])
                if isLower(last) || isDigit(last) || (isUpper(last) && nextIsLower) {
                    words.append(String(decoding: current, as: UTF8.self))
                    current = []
                }
            }
            current.append(b)
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// A lowerCamelCase name made of a key's words (`content-type` → `contentType`); a name
    /// that would start with a digit gets an underscore; nil when the key has no letters or digits.
    static func lowerCamel(_ text: String) -> String? {
        let parts = words(text)
        guard let head = parts.first else { return nil }
        let first = head.utf8.allSatisfy { !isLower($0) } ? head.lowercased() : lowercasingFirst(head)
        let name = first + parts.dropFirst().map(uppercasingFirst).joined()
        return isDigit(name.utf8.first!) ? "_" + name : name
    }

    static func uppercasingFirst(_ word: String) -> String {
        guard let head = word.first else { return word }
        return head.uppercased() + word.dropFirst()
    }

    static func lowercasingFirst(_ word: String) -> String {
        guard let head = word.first else { return word }
        return head.lowercased() + word.dropFirst()
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
    static func isLower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
    static func isLetter(_ b: UInt8) -> Bool { isUpper(b) || isLower(b) }
}

import JSONTree

/// Swift spellings for names and strings that come from a payload.
enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "Any",
    ]

    /// A name usable as a Swift identifier: keywords in backticks.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A valid Swift identifier made from a payload key: `@type` -> `type`, `2fa` -> `_2fa`.
    static func identifier(fromKey key: String) -> String {
        var out = ""
        var upperNext = false
        for c in key {
            if c.isLetter || c.isNumber || c == "_" {
                out.append(upperNext && !out.isEmpty ? Character(c.uppercased()) : c)
                upperNext = false
            } else {
                upperNext = true
            }
        }
        if out.isEmpty { out = "key" }
        if out.first!.isNumber { out = "_" + out }
        return identifier(out)
    }

    /// A Swift string literal with quotes, backslashes and unsafe characters escaped.
    static func literal(_ s: String) -> String { Quoted.swift(s) }
}

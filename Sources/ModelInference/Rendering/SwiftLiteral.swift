/// Swift literals for generated code.
enum SwiftLiteral {
    /// A string literal that says exactly `text`: quotes, backslashes and everything outside
    /// printable ASCII escaped, so no payload key can end the literal or hide in it.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return out + "\""
    }
}

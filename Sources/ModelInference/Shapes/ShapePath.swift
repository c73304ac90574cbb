/// How shape paths are written: the key path syntax of `NodePath`, with `[*]` for any element.
enum ShapePath {
    static func member(_ key: String) -> String {
        isBare(key) ? "." + key : "[" + quoted(key) + "]"
    }

    private static func isBare(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return key.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x5F || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    /// A JSON string literal of the key, with everything outside printable ASCII escaped (the
    /// path ends up in a Swift comment, and a key must not be able to end it).
    static func quoted(_ key: String) -> String {
        var out = "\""
        for scalar in key.unicodeScalars {
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

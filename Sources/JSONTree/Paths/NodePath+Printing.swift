extension NodePath: CustomStringConvertible {
    /// The path in the contract form: `$`, `$.a[0].b`, `$["key.with.dots"]`, `$["has space"]`.
    ///
    /// A key is written bare after a dot when it looks like a Swift identifier in ASCII
    /// (`[A-Za-z_][A-Za-z0-9_]*`), else in `["..."]` with JSON escapes; control, bidi and
    /// invisible characters are escaped too, so the text is safe on a terminal and parses back
    /// to the same path. A bare number still to be settled prints as `.0`.
    public var description: String {
        var out = "$"
        for component in components {
            switch component {
            case let .key(key):
                if NodePath.isBareKey(key) {
                    out += "." + key
                } else {
                    out += "[" + Quoted.json(key) + "]"
                }
            case let .index(n):
                out += "[\(n)]"
            case let .keyOrIndex(n):
                out += ".\(n)"
            }
        }
        return out
    }

    /// Whether a key can be written after a dot: an ASCII identifier (`name`, `_id`, `v2`).
    static func isBareKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, !isDigit(first) else { return false }
        return key.utf8.allSatisfy { isDigit($0) || $0 == 0x5F || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}

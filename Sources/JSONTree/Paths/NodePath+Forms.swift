extension NodePath {
    /// The path as jq writes it: `.a.b[0]`, `.["has space"]`, `.` for the root. Keys that are
    /// not identifiers are quoted as JSON strings (terminal-safe, see ``quoted(_:)``), which jq reads.
    public var jqPath: String {
        var out = ""
        for component in components {
            switch component {
            case let .key(key): out += NodePath.isBareKey(key) ? "." + key : ".[" + NodePath.quoted(key) + "]"
            case let .index(n): out += "[\(n)]"
            case let .keyOrIndex(n): out += ".[\(n)]"
            }
        }
        return out.isEmpty ? "." : out
    }

    /// The path in brackets only, as JavaScript and Python index: `["a"]["b"][0]`; empty for the root.
    public var bracketPath: String {
        components.map { component in
            switch component {
            case let .key(key): "[" + NodePath.quoted(key) + "]"
            case let .index(n), let .keyOrIndex(n): "[\(n)]"
            }
        }.joined()
    }
}

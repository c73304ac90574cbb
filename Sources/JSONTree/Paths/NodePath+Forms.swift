extension NodePath {
    /// The path as jq writes it: `.a.b[0]`, `.["has space"]`, `.a["has space"]`, `.[0]`, `.` for the root. Keys that are
    /// not identifiers are quoted as JSON strings (terminal-safe, ``Quoted/json(_:)``), which jq reads.
    public var jqPath: String {
        var out = ""
        for component in components {
            switch component {
            // `.["k"]` only at the start: jq 1.6 rejects `.a.["k"]` (1.7 reads both), and `.a["k"]` reads in every version.
            case let .key(key): out += NodePath.isBareKey(key) ? "." + key : (out.isEmpty ? "." : "") + "[" + Quoted.json(key) + "]"
            case let .index(n), let .keyOrIndex(n): out += (out.isEmpty ? "." : "") + "[\(n)]"
            }
        }
        return out.isEmpty ? "." : out
    }

    /// The path in brackets only, as JavaScript and Python index: `["a"]["b"][0]`; empty for the root.
    public var bracketPath: String {
        components.map { component in
            switch component {
            case let .key(key): "[" + Quoted.json(key) + "]"
            case let .index(n), let .keyOrIndex(n): "[\(n)]"
            }
        }.joined()
    }
}

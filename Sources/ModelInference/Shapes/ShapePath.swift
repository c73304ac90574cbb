import JSONTree

/// How shape paths are written: the key path syntax of `NodePath`, with `[*]` for any element.
enum ShapePath {
    /// One key as `NodePath` writes it after `$`: `.name`, or `["has space"]` with the key a JSON
    /// string (``Quoted/json(_:)``: terminal-safe, and a line break is `\n`, so a key cannot end the
    /// Swift comment the path is written in).
    static func member(_ key: String) -> String {
        String(NodePath([.key(key)]).description.dropFirst())
    }
}

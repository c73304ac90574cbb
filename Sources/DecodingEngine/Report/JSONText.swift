import JSONTree

/// Minimal JSON writing for the machine-readable outputs: keys in a fixed order, strings as
/// ``Quoted/json(_:)`` writes them (RFC 8259, control characters as `\uXXXX`: terminal-safe).
public enum JSONText {
    /// An object from ordered (key, raw JSON value) pairs.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { Quoted.json($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
}

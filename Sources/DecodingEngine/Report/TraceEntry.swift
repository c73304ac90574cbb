import JSONTree

/// One container call of the schema-driven `init(from:)`, as the teaching view lists them:
/// `container(keyedBy: CodingKeys.self)`, `decode(String.self, forKey: .name)`, ...
public struct TraceEntry: Sendable, Hashable, Codable {
    public enum Outcome: Sendable, Hashable, Codable {
        /// The call returned: a container, or a value rendered as JSON.
        case returned(String)
        /// The call threw: the `DecodingError` case and its debugDescription.
        case threw(kind: LocatedDecodingError.Kind, debugDescription: String)
    }

    /// The call as Swift source.
    public var call: String
    /// The node the call is about (the value read, or the container's node).
    public var node: NodeID?
    /// How many `init(from:)` calls deep it was made: nested types indent.
    public var depth: Int
    public var outcome: Outcome
}

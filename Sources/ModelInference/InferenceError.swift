import JSONTree

/// Why no model can be inferred.
public enum InferenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name asked for the root type is not one Swift accepts here.
    case invalidTypeName(String, reason: String)
    /// The node is not in the tree.
    case noSuchNode(NodeID)
    /// The value nests deeper than JSONDecoder reads.
    case nestingTooDeep(limit: Int)

    public var description: String {
        switch self {
        case let .invalidTypeName(name, reason):
            "\(TypeNames.quotedForMessage(name)) cannot name the root type: \(reason)"
        case let .noSuchNode(node):
            "node \(node) is not in the payload"
        case let .nestingTooDeep(limit):
            "the value nests deeper than \(limit) levels, which JSONDecoder refuses to read"
        }
    }
}

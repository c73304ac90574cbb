import JSONTree

/// Why no model can be inferred.
public enum InferenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name asked for the root type is not one Swift accepts here.
    case invalidTypeName(String, reason: String)
    /// The node is not in the tree.
    case noSuchNode(NodeID)
    /// The value nests deeper than JSONDecoder reads.
    case nestingTooDeep(limit: Int)
    /// The inferred type would nest more square brackets than Swift's parser reads in reasonable
    /// time (its look-ahead doubles per level: 26 levels take swiftc 43 s).
    case arraysNestTooDeep(path: String, depth: Int, limit: Int)
    /// No sample was given (no body of a capture is decoded by the type asked for).
    case noSamples

    public var description: String {
        switch self {
        case let .invalidTypeName(name, reason):
            "\(Quoted.swift(name)) cannot name the root type: \(reason)"
        case let .noSuchNode(node):
            "node \(node) is not in the payload"
        case let .nestingTooDeep(limit):
            "the value nests deeper than \(limit) levels, which JSONDecoder refuses to read"
        case .noSamples:
            "no body to infer from: no entry of the capture is a JSON body that a route of this type decodes"
        case let .arraysNestTooDeep(path, depth, limit):
            "the type at \(path) would nest \(depth) square brackets; Swift's parser takes time that doubles with each level, "
                + "so models nest at most \(limit)"
        }
    }
}

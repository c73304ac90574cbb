import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// A question to a worker serving a job with ``DecodeJob/ValueDelivery/onDemand``: the decoded
/// value at one node. The node is named by its path from the decode root (keys of object
/// members, positions of array elements), which the worker follows through its own tree and
/// value; the answer comes back as ``WorkerReply/nodeValue(query:_:)`` with the same `id`.
public struct ValueQuery: Sendable, Hashable, Codable {
    /// Names the question; its answer carries it back.
    public var id: Int
    /// The node, as steps down from the decode root (the root itself: no steps).
    public var path: NodePath

    public init(id: Int, path: NodePath) {
        self.id = id
        self.path = path
    }

    /// What the worker says about the node, or the parent when the worker is gone.
    public enum Answer: Sendable, Hashable, Codable {
        /// The value decoded from the node.
        case value(NodeValue)
        /// The node is not part of the decoded value: the model did not read it, the decode
        /// made no value, or it stopped before the node.
        case notDecoded
        /// No worker holds the value any more (it crashed, was killed, or its decode was
        /// superseded): why. The parent says this, never the worker.
        case unavailable(String)
    }
}

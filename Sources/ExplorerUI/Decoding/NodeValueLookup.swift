import DecodeWorker
import JSONTree
import Teaching

/// The value view's question about one node of a finished decode, and the answer once it comes.
/// An answer is kept only for the question it answers: the cursor moved on, the next question
/// replaces this one, and a late answer to the old one is dropped.
public struct NodeValueLookup: Hashable, Sendable {
    /// The node asked about, and the decode (its request id) whose value was asked.
    public var node: NodeID
    public var decode: Int
    /// The query's id (``ValueQuery/id``).
    public var query: Int
    /// Nil while the answer is on its way.
    public var answer: ValueQuery.Answer?
}

extension NodePath {
    /// Why a path names no node: the deepest part of it that exists, what is there, and
    /// what the next step asked for.
    public struct ResolutionError: Error, Hashable, Sendable {
        /// What the first failing step asked of the node it reached.
        public enum Reason: Hashable, Sendable {
            /// The object has no member with this key; `suggestions` are its keys closest to it.
            case noSuchKey(String, suggestions: [String])
            /// The array has `count` elements, not enough for this index.
            case indexOutOfRange(Int, count: Int)
            /// A key was asked of an array of `count` elements.
            case keyInArray(String, count: Int)
            /// An `[N]` index was asked of an object; `hasKey` says whether it has the key "N".
            case indexInObject(Int, hasKey: Bool)
            /// A step was asked of a string, number, boolean or null.
            case notAContainer(NodeKind, wanted: Component)
        }

        public var reason: Reason
        /// The deepest prefix of the path that exists, with its bare numbers settled.
        public var prefix: NodePath
        /// The node at ``prefix``.
        public var node: NodeID
        /// The position in the path's ``NodePath/components`` of the step that failed.
        public var failedComponent: Int
        /// Whether ``node`` is the synthetic root of a JSON Lines payload (its elements are records).
        public var isJSONLinesRoot: Bool

        public init(reason: Reason, prefix: NodePath, node: NodeID, failedComponent: Int, isJSONLinesRoot: Bool = false) {
            self.reason = reason
            self.prefix = prefix
            self.node = node
            self.failedComponent = failedComponent
            self.isJSONLinesRoot = isJSONLinesRoot
        }
    }
}

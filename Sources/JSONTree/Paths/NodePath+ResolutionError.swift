extension NodePath {
    /// Why a path names no node: the deepest part of it that exists, what is there, and
    /// what the next step asked for.
    public struct ResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
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

        /// What is missing and where, in words; safe to print on a terminal.
        public var message: String {
            let here = prefix.description
            switch reason {
            case let .noSuchKey(key, suggestions):
                var text = "\(here) is an object with no key \(Quoted.json(key))"
                if !suggestions.isEmpty {
                    text += " (did you mean \(Self.alternatives(suggestions.map(Quoted.json)))?)"
                }
                return text
            case let .indexOutOfRange(n, count):
                if isJSONLinesRoot { return "index \(n) is out of range: the payload has \(Self.count(count, "JSON Lines record"))" }
                return "index \(n) is out of range: \(here) has \(Self.count(count, "element"))"
            case let .keyInArray(key, count):
                let what =
                    isJSONLinesRoot
                    ? "a JSON Lines payload of \(Self.count(count, "record"))"
                    : "an array of \(Self.count(count, "element"))"
                return "\(here) is \(what); it has no key \(Quoted.json(key)) (write an index first, as in \(here)[0])"
            case let .indexInObject(n, hasKey):
                var text = "\(here) is an object; it has no index [\(n)]"
                if hasKey { text += " (for its key \"\(n)\", write \(here)[\"\(n)\"])" }
                return text
            case let .notAContainer(kind, wanted):
                let step =
                    switch wanted {
                    case let .key(key): "key \(Quoted.json(key))"
                    case let .index(n): "element [\(n)]"
                    case let .keyOrIndex(n): "key or element \(n)"
                    }
                return "\(here) is \(kind.phrase); it has no \(step)"
            }
        }

        public var description: String { message }

        private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

        private static func alternatives(_ items: [String]) -> String {
            items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
        }
    }
}

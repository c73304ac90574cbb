import JSONTree

/// How compiled mode's `--all-errors` found its errors. Compiled mode cannot go on past an error
/// inside the model's own code, so every error it lists is one `JSONDecoder` really threw: on the
/// payload (the first), and then on an element decoded on its own, or on a copy of the payload with
/// each earlier fault set aside (``SetAside``). This says which, how many decodes it took, what was
/// set aside, and why the search stopped before the payload decoded, when it did.
public struct AllErrorsSearch: Sendable, Hashable, Codable {
    public enum Method: String, Sendable, Hashable, Codable {
        /// Each element of an array or dictionary root decoded on its own (one error per element).
        case eachElement
        /// The payload decoded again with each earlier fault set aside, until it decodes.
        case setAside
    }

    /// One fault set aside in the copy decoded next: a value replaced, or a missing key put in.
    public struct SetAside: Sendable, Hashable, Codable {
        public enum Edit: Sendable, Hashable, Codable {
            /// The value was replaced by this JSON text (`0`, `""`, `false`, `{}`, `[]`, or `null` for a
            /// key read with `decodeIfPresent`).
            case replaced(with: String)
            /// The object lacked this key: it was put in with this JSON value.
            case insertedKey(String, value: String)
        }

        /// The value replaced, or the object the key was put in (on the user's payload).
        public var node: NodeID
        /// The node's path from the document root, as the payload spells its keys.
        public var path: [PathComponent]
        public var location: SourceLocation
        public var edit: Edit

        public init(node: NodeID, path: [PathComponent], location: SourceLocation, edit: Edit) {
            self.node = node
            self.path = path
            self.location = location
            self.edit = edit
        }
    }

    /// Why the search ended before a copy decoded.
    public enum Stop: Sendable, Hashable, Codable {
        /// The last error's fault has no stated way to be set aside (an error of the model's own type, a
        /// string no placeholder of a known type satisfies, a key whose type the trace does not give).
        case cannotSetAside
        /// The next error was about a value put in to set a fault aside: it is not the payload's, and not listed.
        case placeholderRejected
        /// The bound on decodes was reached.
        case limit(Int)
    }

    public var method: Method
    /// How many decodes the search made, the first (the payload's own) included.
    public var decodes: Int
    public var setAside: [SetAside]
    public var stop: Stop?

    public init(method: Method, decodes: Int, setAside: [SetAside] = [], stop: Stop? = nil) {
        self.method = method
        self.decodes = decodes
        self.setAside = setAside
        self.stop = stop
    }
}

import JSONTree
import ModelSchema

/// A `DecodingError` exactly as `JSONDecoder` threw it, with the node it is about.
public struct LocatedDecodingError: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case keyNotFound, typeMismatch, valueNotFound, dataCorrupted
        /// An error of the model's own type, thrown by its code (compiled mode only).
        case other
    }

    /// Where the problem really is when Foundation's coding path does not lead there
    /// (a number that does not fit, an `.iso8601` date whose key is left out).
    public struct RealCause: Sendable, Hashable, Codable {
        public var node: NodeID
        public var location: SourceLocation
        public var explanation: String
    }

    /// Which of Foundation's (or the synthesized code's) errors this is, beyond its kind:
    /// decided once, by the engine, where the error arises (the type and strategy it was
    /// reading with), so that nothing downstream compares `debugDescription` text.
    public enum Reason: String, Sendable, Hashable, Codable {
        /// A number too large (or too precise) for its type: Foundation says "not valid JSON".
        case numberDoesNotFit
        /// A key of an object Foundation reads is not valid JSON text (a raw control
        /// character, a bad escape): Foundation says "not valid JSON" for the whole object.
        case badKey
        /// An enum with associated values read from an object without exactly one case key.
        case enumKeyCount
        /// A raw-value enum read from a value that is none of its cases' raw values.
        case invalidRawValue
        /// A date that the `.iso8601` strategy cannot read.
        case iso8601Date
        /// A date that the `.formatted` strategy's `DateFormatter` cannot read.
        case dateFormat
        /// A string that `URL(string:)` rejects, read as a `URL`.
        case invalidURL
        /// A string that is not base64, read as `Data` with the `.base64` strategy.
        case invalidBase64
        /// The payload is not JSON (the scanner says where).
        case invalidJSON
        /// All-errors mode, compiled: decoding this element on its own ran past the time limit (kind
        /// `other`; not an error JSONDecoder threw, but what stopped the decode of this element).
        case elementTimedOut
        /// All-errors mode, compiled: decoding this element on its own trapped (kind `other`).
        case elementCrashed
    }

    public var kind: Kind
    /// Nil when the kind and the coding path say everything there is.
    public var reason: Reason?
    /// Foundation's coding path, from the document root.
    public var codingPath: [PathComponent]
    /// Foundation's debugDescription, character for character.
    public var debugDescription: String
    /// `String(describing:)` of the type, for typeMismatch and valueNotFound.
    public var expectedType: String?
    /// The missing key's stringValue, for keyNotFound.
    public var key: String?
    /// The node the error is about: the object lacking the key for keyNotFound, else the value.
    public var node: NodeID?
    public var location: SourceLocation?
    public var realCause: RealCause?
    /// The model property being decoded when the error arose.
    public var property: PropertySchema?
    /// For `other`: `String(reflecting:)` of the thrown error's type.
    public var errorType: String?
}

extension LocatedDecodingError.RealCause {
    /// `node`, a number that does not fit the type read from it: Foundation says "not valid JSON"
    /// with an empty coding path; `why` says what does not fit (``NumberCulprit``).
    public static func numberDoesNotFit(at node: NodeID, in tree: JSONTree, why: String) -> Self {
        .init(node: node, location: tree.location(node), explanation: why)
    }

    /// `node`, a value whose error Foundation's coding path stops short of (at its enclosing container,
    /// as an `.iso8601` date's leaves out its key).
    public static func stoppedShort(at node: NodeID, in tree: JSONTree) -> Self {
        let name = tree.key(node).map { "'\($0)'" } ?? "this value"
        return .init(
            node: node, location: tree.location(node),
            explanation: "Foundation's codingPath stops at the enclosing container; the value that failed to decode is \(name)")
    }
}

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

    public var kind: Kind
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

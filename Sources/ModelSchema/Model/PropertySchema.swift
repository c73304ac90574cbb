/// A stored property of a struct or class and how the synthesized `init(from:)` treats it.
public struct PropertySchema: Sendable, Hashable, Codable {
    /// Which container call the synthesized initializer makes for this property.
    public enum Treatment: Sendable, Hashable, Codable {
        case decode
        case decodeIfPresent
        /// Not decoded: a `let` with an initial value, a property left out of CodingKeys, or a lazy var.
        case notDecoded
    }

    public var name: String
    /// The property's type; nil only for properties that are not decoded and whose type is not written.
    public var type: TypeRef?
    public var codingKey: CodingKeySpec?
    public var treatment: Treatment
    public var location: ModelLocation
    /// The declaration as written, e.g. `let price: Double`.
    public var declarationText: String

    public var isDecoded: Bool { treatment != .notDecoded }
    public var usesDecodeIfPresent: Bool { treatment == .decodeIfPresent }
}

import ModelSchema

/// A key that the model requires (`decode`, not `decodeIfPresent`) and an object lacks.
public struct MissingKey: Sendable, Hashable, Codable {
    /// The key's stringValue, as the model asks for it.
    public var key: String
    /// The property that asks for it; nil for an enum case's associated value.
    public var property: PropertySchema?
}

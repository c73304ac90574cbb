/// A struct, class or enum from the model sources and how it decodes.
public struct TypeSchema: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case `struct`, `class`, `enum`, actor }

    /// The container calls the compiler-synthesized (or inherited) `init(from:)` makes.
    public enum Decoding: Sendable, Hashable {
        /// A keyed container keyed by `CodingKeys`, one call per decoded property, in the
        /// order the synthesized `init(from:)` makes them (the order of the `CodingKeys` cases).
        case keyed(properties: [PropertySchema])
        /// A single-value container of the raw type, then `init(rawValue:)`.
        case rawValue(ScalarType, cases: [EnumCaseSchema])
        /// A keyed container with exactly one case key, then a nested keyed container per case.
        case cases([EnumCaseSchema])
        /// A subclass that inherits its superclass's `init(from:)`.
        case inherited(superclass: String)
    }

    public var qualifiedName: String
    public var kind: Kind
    /// Generic parameters in scope, outermost type first.
    public var genericParameters: [String]
    /// Whether the type conforms to `Decodable` as the compiler sees it.
    public var isDecodable: Bool
    /// Whether the type declares `CodingKeyRepresentable` (dictionary keys then decode keyed).
    public var isCodingKeyRepresentable: Bool
    /// How to decode it; nil when not Decodable, rejected by the compiler, or uninterpretable.
    public var decoding: Decoding?
    /// All stored properties (struct, class) in declaration order, decoded or not.
    public var properties: [PropertySchema]
    /// All cases (enum) in declaration order.
    public var cases: [EnumCaseSchema]
    /// The key type name used in messages (`CodingKeys`).
    public var codingKeysTypeName: String { "CodingKeys" }
    public var location: ModelLocation
    /// The declaration head as written, e.g. `struct Product: Codable`.
    public var declarationText: String
    /// Errors and uninterpretable constructs that concern this type.
    public var issues: [SchemaDiagnostic]

    /// The properties the synthesized `init(from:)` reads, in declaration order.
    public var decodedProperties: [PropertySchema] { properties.filter(\.isDecoded) }

    /// The unqualified name, as `String(describing:)` prints it.
    public var name: String { qualifiedName.split(separator: ".").last.map(String.init) ?? qualifiedName }

    /// A copy with generic parameters replaced by concrete arguments (`PageEntity<Song>`).
    public func instantiated(with arguments: [TypeRef]) -> TypeSchema {
        let map = Dictionary(zip(genericParameters, arguments), uniquingKeysWith: { a, _ in a })
        var copy = self
        func substituted(_ p: PropertySchema) -> PropertySchema { var p = p; p.type = p.type?.substituting(map); return p }
        copy.properties = properties.map(substituted)
        copy.cases = cases.map { c in
            var c = c
            c.associatedValues = c.associatedValues.map { v in
                var v = v; v.type = v.type.substituting(map); return v
            }
            return c
        }
        switch decoding {
        case .keyed(let keyed): copy.decoding = .keyed(properties: keyed.map(substituted))
        case .cases: copy.decoding = .cases(copy.cases)
        default: break
        }
        return copy
    }
}

/// Something the compiler would reject or warn about, or that cannot be interpreted, with its location.
public struct SchemaDiagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable {
        /// The compiler rejects the model.
        case error
        /// The compiler warns.
        case warning
        /// Valid Swift that this tool cannot interpret (hand-written `init(from:)`, property wrappers, macros).
        case uninterpretable
    }

    public enum Kind: Sendable, Hashable {
        case syntax(String)
        case unknownType(String, nearMatches: [String])
        case notDecodable(type: String, property: String, propertyType: String)
        /// A `Codable` type whose property cannot be encoded: the compiler rejects the whole type.
        case notEncodable(type: String, property: String, propertyType: String)
        case notHashable(String)
        case codingKeyWithoutProperty(type: String, key: String)
        case propertyMissingFromCodingKeys(type: String, property: String)
        case letWithInitialValueInCodingKeys(type: String, property: String)
        case synthesisRefused(type: String, reason: String)
        case wrongGenericArgumentCount(String, expected: Int, found: Int)
        case duplicateRawValue(type: String, caseName: String)
        case handWrittenInit(type: String)
        case propertyWrapperOrMacro(type: String, attribute: String)
        case unknownConformance(type: String, protocolName: String)
        case unsupported(type: String, what: String)
        /// A synthesized container call that a `KeyedDecodingContainer` overload in the model sources takes over.
        case containerOverload(type: String, property: String, overload: String, overloadLocation: ModelLocation)
        /// The source nests deeper than the tool parses (`NestingLimit`); it was not read.
        case nestingTooDeep(NestingLimit)
        /// A typealias whose expansion reaches itself (swiftc: "type alias 'L1' references itself").
        case cyclicTypeAlias(name: String, generic: Bool)
    }

    public var kind: Kind
    public var location: ModelLocation

    public init(_ kind: Kind, at location: ModelLocation) {
        self.kind = kind
        self.location = location
    }

    public var severity: Severity {
        switch kind {
        case .letWithInitialValueInCodingKeys: .warning
        case .handWrittenInit, .propertyWrapperOrMacro, .unknownConformance, .unsupported, .containerOverload: .uninterpretable
        default: .error
        }
    }
}

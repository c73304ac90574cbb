import JSONTree

/// Something the compiler would reject or warn about, or that cannot be interpreted, with its
/// location: what is the reader's own is the ``Kind`` (matched by callers, as the "did you mean"
/// of an unknown type is); printed as a ``SourceDiagnostic`` (``diagnostic``).
public struct SchemaDiagnostic: Sendable, Hashable {
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

    /// `.error`: the compiler rejects the model; `.warning`: the compiler warns; `.uninterpretable`:
    /// valid Swift that this tool cannot interpret.
    public var severity: SourceDiagnostic.Severity {
        switch kind {
        case .letWithInitialValueInCodingKeys: .warning
        case .handWrittenInit, .propertyWrapperOrMacro, .unknownConformance, .unsupported, .containerOverload: .uninterpretable
        default: .error
        }
    }
}

/// One case of an enum, with its raw value or its associated values.
public struct EnumCaseSchema: Sendable, Hashable {
    /// A raw value, explicit or implicit.
    public enum RawValue: Sendable, Hashable {
        case string(String)
        case integer(Int)
        case floatingPoint(Double)
    }

    /// One associated value; unlabeled ones get the key `_0`, `_1`, ...
    public struct AssociatedValue: Sendable, Hashable {
        public var label: String?
        public var type: TypeRef
        /// The key in the case's nested container; nil when left out of `<Case>CodingKeys`.
        public var codingKey: CodingKeySpec?
        public var hasDefault: Bool
        public var usesDecodeIfPresent: Bool { type.isOptional }
    }

    public var name: String
    /// The key of the case in the outer container; nil when left out of CodingKeys.
    public var codingKey: CodingKeySpec?
    public var rawValue: RawValue?
    public var associatedValues: [AssociatedValue]
    /// The per-case key type the compiler uses (SE-0295), e.g. `AddressCodingKeys`.
    public var codingKeysTypeName: String
    public var location: ModelLocation
}

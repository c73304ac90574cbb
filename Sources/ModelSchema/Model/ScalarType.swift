/// A standard type that decodes from a single JSON value.
public enum ScalarType: String, Sendable, Hashable, CaseIterable, Codable {
    case string = "String", bool = "Bool"
    case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
    case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"
    case float = "Float", double = "Double", cgFloat = "CGFloat"
    case decimal = "Decimal", date = "Date", data = "Data", url = "URL", uuid = "UUID"
    /// The standard library's `Never`, which decodes nothing: its `init(from:)` throws
    /// `typeMismatch` whatever the value (`infer` writes it, as `UnknownValue`, for a value the
    /// payload never showed; as `Never?` it reads null).
    case never = "Never"

    /// The type's name as Swift prints it.
    public var swiftName: String { rawValue }

    /// Whether the type can be an enum's raw type with integer literals.
    var isInteger: Bool {
        switch self {
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64: true
        default: false
        }
    }

    var isFloatingPoint: Bool { self == .float || self == .double || self == .cgFloat }
}

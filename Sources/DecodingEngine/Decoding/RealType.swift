import Foundation
import ModelSchema

/// A standard-library or Foundation type the engine decodes as itself, so that
/// `JSONDecoder` applies its own checks, strategies and messages to it.
protocol RealDecodable: Decodable {
    var decodedValue: DecodedValue { get }
}

/// A real type that can be a `Set` element.
protocol RealHashable: RealDecodable, Hashable {}

/// Builds the real Swift metatype for a type made only of scalars, optionals, arrays, sets
/// and dictionaries keyed by `String` or `Int` (`[String: [Int?]]`); nil when a model type is inside.
enum RealType {
    static func make(_ type: TypeRef) -> (any RealDecodable.Type)? {
        switch type {
        case .scalar(let s): return scalar(s)
        case .optional(let wrapped): return make(wrapped).map { optional($0) }
        case .array(let element): return make(element).map { array($0) }
        case .set(let element): return makeHashable(element).map { set($0) }
        case .dictionary(.scalar(.string), let value): return make(value).map { stringDictionary($0) }
        case .dictionary(.scalar(.int), let value): return make(value).map { intDictionary($0) }
        default: return nil
        }
    }

    static func makeHashable(_ type: TypeRef) -> (any RealHashable.Type)? {
        switch type {
        case .scalar(let s): return scalar(s)
        case .optional(let wrapped): return makeHashable(wrapped).map { hashableOptional($0) }
        default: return nil
        }
    }

    static func scalar(_ s: ScalarType) -> any RealHashable.Type {
        switch s {
        case .string: String.self
        case .bool: Bool.self
        case .int: Int.self
        case .int8: Int8.self
        case .int16: Int16.self
        case .int32: Int32.self
        case .int64: Int64.self
        case .uint: UInt.self
        case .uint8: UInt8.self
        case .uint16: UInt16.self
        case .uint32: UInt32.self
        case .uint64: UInt64.self
        case .float: Float.self
        case .double: Double.self
        case .cgFloat: CGFloat.self
        case .decimal: Decimal.self
        case .date: Date.self
        case .data: Data.self
        case .url: URL.self
        case .uuid: UUID.self
        case .never: Never.self
        }
    }

    private static func optional<T: RealDecodable>(_: T.Type) -> any RealDecodable.Type { Optional<T>.self }
    private static func hashableOptional<T: RealHashable>(_: T.Type) -> any RealHashable.Type { Optional<T>.self }
    private static func array<T: RealDecodable>(_: T.Type) -> any RealDecodable.Type { [T].self }
    private static func set<T: RealHashable>(_: T.Type) -> any RealDecodable.Type { Set<T>.self }
    private static func stringDictionary<T: RealDecodable>(_: T.Type) -> any RealDecodable.Type { [String: T].self }
    private static func intDictionary<T: RealDecodable>(_: T.Type) -> any RealDecodable.Type { [Int: T].self }
}

extension String: RealHashable { var decodedValue: DecodedValue { .string(self) } }
/// No value of it is ever decoded: its `init(from:)` throws, as the app's does.
extension Never: RealHashable { var decodedValue: DecodedValue { switch self {} } }
extension Bool: RealHashable { var decodedValue: DecodedValue { .bool(self) } }
extension Int: RealHashable { var decodedValue: DecodedValue { .signed(Int64(self)) } }
extension Int8: RealHashable { var decodedValue: DecodedValue { .signed(Int64(self)) } }
extension Int16: RealHashable { var decodedValue: DecodedValue { .signed(Int64(self)) } }
extension Int32: RealHashable { var decodedValue: DecodedValue { .signed(Int64(self)) } }
extension Int64: RealHashable { var decodedValue: DecodedValue { .signed(self) } }
extension UInt: RealHashable { var decodedValue: DecodedValue { .unsigned(UInt64(self)) } }
extension UInt8: RealHashable { var decodedValue: DecodedValue { .unsigned(UInt64(self)) } }
extension UInt16: RealHashable { var decodedValue: DecodedValue { .unsigned(UInt64(self)) } }
extension UInt32: RealHashable { var decodedValue: DecodedValue { .unsigned(UInt64(self)) } }
extension UInt64: RealHashable { var decodedValue: DecodedValue { .unsigned(self) } }
extension Float: RealHashable { var decodedValue: DecodedValue { .floating(Double(self), description: "\(self)") } }
extension Double: RealHashable { var decodedValue: DecodedValue { .floating(self, description: "\(self)") } }
extension CGFloat: RealHashable { var decodedValue: DecodedValue { .floating(Double(self), description: "\(self)") } }
extension Decimal: RealHashable { var decodedValue: DecodedValue { .decimal(self) } }
extension Date: RealHashable { var decodedValue: DecodedValue { .date(self) } }
extension Data: RealHashable { var decodedValue: DecodedValue { .data(self) } }
extension URL: RealHashable { var decodedValue: DecodedValue { .url(self) } }
extension UUID: RealHashable { var decodedValue: DecodedValue { .uuid(self) } }

extension Optional: RealDecodable where Wrapped: RealDecodable {
    var decodedValue: DecodedValue { map { $0.decodedValue } ?? .null }
}
extension Optional: RealHashable where Wrapped: RealHashable {}

extension Array: RealDecodable where Element: RealDecodable {
    var decodedValue: DecodedValue { .array(map { $0.decodedValue }) }
}

extension Set: RealDecodable where Element: RealHashable {
    var decodedValue: DecodedValue { .array(map { $0.decodedValue }) }
}

extension Dictionary: RealDecodable where Value: RealDecodable, Key: Decodable {
    var decodedValue: DecodedValue {
        .dictionary(map { DecodedValue.Field(String(describing: $0.key), $0.value.decodedValue) })
    }
}

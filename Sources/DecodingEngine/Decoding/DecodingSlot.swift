import Foundation
import ModelSchema

/// One container call waiting for its type: `decode(T.self, forKey:)`, `decodeIfPresent`,
/// an unkeyed container's next element, a single-value container, or the top level.
protocol DecodingSlot {
    /// The call with `T`; nil only from `decodeIfPresent`.
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T?
    /// The call with a standard scalar through the container's own overload for it
    /// (`decode(_: Int.Type, forKey:)`), where the compiled code would call that one rather
    /// than the generic `decode<T>`; nil when the generic call is the right one.
    mutating func decodeScalar(_ scalar: ScalarType) throws -> DecodedValue?
}

extension DecodingSlot {
    /// Unkeyed elements (`Array.init(from:)`), single values (`Optional`, raw values) and the
    /// top level are decoded through generic calls, as the standard library makes them.
    mutating func decodeScalar(_ scalar: ScalarType) throws -> DecodedValue? { nil }
}

struct KeyedSlot<Key: CodingKey>: DecodingSlot {
    let container: KeyedDecodingContainer<Key>
    let key: Key
    let ifPresent: Bool
    /// A model's `init(from:)` (synthesized, or the key-path snippet) names the type, so the
    /// compiler picks `decode(_: Int.Type, forKey:)`; `Dictionary.init(from:)` is generic and
    /// calls `decode<Value>` even when `Value` is `Int`.
    var usesScalarOverloads = true

    func decode<T: Decodable>(_ type: T.Type) throws -> T? {
        ifPresent ? try container.decodeIfPresent(type, forKey: key) : try container.decode(type, forKey: key)
    }

    /// The synthesized `init(from:)` calls `decode(_: String.Type, forKey:)` and its
    /// siblings for these types: the non-generic requirements of `KeyedDecodingContainerProtocol`.
    func decodeScalar(_ scalar: ScalarType) throws -> DecodedValue? {
        guard usesScalarOverloads else { return nil }
        let c = container
        let k = key
        switch scalar {
        case .string: return try call({ try c.decode(String.self, forKey: k) }, { try c.decodeIfPresent(String.self, forKey: k) })
        case .bool: return try call({ try c.decode(Bool.self, forKey: k) }, { try c.decodeIfPresent(Bool.self, forKey: k) })
        case .int: return try call({ try c.decode(Int.self, forKey: k) }, { try c.decodeIfPresent(Int.self, forKey: k) })
        case .int8: return try call({ try c.decode(Int8.self, forKey: k) }, { try c.decodeIfPresent(Int8.self, forKey: k) })
        case .int16: return try call({ try c.decode(Int16.self, forKey: k) }, { try c.decodeIfPresent(Int16.self, forKey: k) })
        case .int32: return try call({ try c.decode(Int32.self, forKey: k) }, { try c.decodeIfPresent(Int32.self, forKey: k) })
        case .int64: return try call({ try c.decode(Int64.self, forKey: k) }, { try c.decodeIfPresent(Int64.self, forKey: k) })
        case .uint: return try call({ try c.decode(UInt.self, forKey: k) }, { try c.decodeIfPresent(UInt.self, forKey: k) })
        case .uint8: return try call({ try c.decode(UInt8.self, forKey: k) }, { try c.decodeIfPresent(UInt8.self, forKey: k) })
        case .uint16: return try call({ try c.decode(UInt16.self, forKey: k) }, { try c.decodeIfPresent(UInt16.self, forKey: k) })
        case .uint32: return try call({ try c.decode(UInt32.self, forKey: k) }, { try c.decodeIfPresent(UInt32.self, forKey: k) })
        case .uint64: return try call({ try c.decode(UInt64.self, forKey: k) }, { try c.decodeIfPresent(UInt64.self, forKey: k) })
        case .float: return try call({ try c.decode(Float.self, forKey: k) }, { try c.decodeIfPresent(Float.self, forKey: k) })
        case .double: return try call({ try c.decode(Double.self, forKey: k) }, { try c.decodeIfPresent(Double.self, forKey: k) })
        case .cgFloat, .decimal, .date, .data, .url, .uuid, .never: return nil
        }
    }

    private func call<T: RealDecodable>(_ decode: () throws -> T, _ decodeIfPresent: () throws -> T?) rethrows -> DecodedValue {
        ifPresent ? try decodeIfPresent()?.decodedValue ?? .null : try decode().decodedValue
    }
}

struct UnkeyedSlot: DecodingSlot {
    var container: any UnkeyedDecodingContainer

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T? { try container.decode(type) }
}

struct SingleValueSlot: DecodingSlot {
    let container: any SingleValueDecodingContainer

    func decode<T: Decodable>(_ type: T.Type) throws -> T? { try container.decode(type) }
}

/// `JSONDecoder.decode(_:from:)` itself.
struct TopLevelSlot: DecodingSlot {
    let decoder: JSONDecoder
    let data: Data

    func decode<T: Decodable>(_ type: T.Type) throws -> T? { try decoder.decode(type, from: data) }
}

/// A value read and thrown away, to step an unkeyed container past elements on a key path.
/// Named as in the snippet `NodePath.swiftCode(decoding:)` gives users, so that stepping past
/// the end fails as it does there: `valueNotFound(Skip, …)`.
struct Skip: Decodable {
    init(from decoder: any Decoder) throws {}
}

import Foundation

// The tracing decoder: `Traced<T>` decodes `T` through a `Decoder` that wraps Foundation's and
// records every container call (its coding path, its key or index, the kind of error it threw),
// forwarding each call unchanged.
//
// Nested values are decoded as `Traced<U>` so their calls are recorded too, except the types
// `JSONDecoder` treats by their type rather than by their `init(from:)` (`Date`, `Data`, `URL`,
// `Decimal`, dictionaries, whose String keys it does not convert) and the standard library's
// scalars: those are forwarded as they are, so Foundation does exactly what it does without the
// trace. `CompiledTraceDifferentialTests` holds the traced decode to the untraced one on every case.

/// Types forwarded to Foundation as themselves (see above).
protocol Untraced {}
extension Date: Untraced {}
extension Data: Untraced {}
extension URL: Untraced {}
extension Decimal: Untraced {}
extension Dictionary: Untraced {}
extension Bool: Untraced {}
extension String: Untraced {}
extension Double: Untraced {}
extension Float: Untraced {}
extension Int: Untraced {}
extension Int8: Untraced {}
extension Int16: Untraced {}
extension Int32: Untraced {}
extension Int64: Untraced {}
extension UInt: Untraced {}
extension UInt8: Untraced {}
extension UInt16: Untraced {}
extension UInt32: Untraced {}
extension UInt64: Untraced {}

/// `T` decoded through the tracing decoder.
struct Traced<T: Decodable>: Decodable {
    let value: T

    init(from decoder: any Decoder) throws {
        let tracer = Tracer.current
        tracer.enter(T.self, decoder.codingPath)
        defer { tracer.leave() }
        value = try T(from: TracingDecoder(base: decoder, tracer: tracer))
    }
}

struct TracingDecoder: Decoder {
    let base: any Decoder
    let tracer: Tracer
    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let inner = try tracer.call("container", codingPath, nil) { try base.container(keyedBy: type) }
        return KeyedDecodingContainer(TracingKeyed(base: inner, tracer: tracer))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        TracingUnkeyed(base: try tracer.call("unkeyedContainer", codingPath, nil) { try base.unkeyedContainer() }, tracer: tracer)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TracingSingle(base: try tracer.call("singleValueContainer", codingPath, nil) { try base.singleValueContainer() }, tracer: tracer)
    }
}

struct TracingKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let base: KeyedDecodingContainer<Key>
    let tracer: Tracer
    var codingPath: [any CodingKey] { base.codingPath }
    var allKeys: [Key] { tracer.call("keyed.allKeys", codingPath, nil) { base.allKeys } }
    func contains(_ key: Key) -> Bool { tracer.call("keyed.contains", codingPath, key) { base.contains(key) } }
    func decodeNil(forKey key: Key) throws -> Bool {
        try tracer.call("keyed.decodeNil", codingPath, key) { try base.decodeNil(forKey: key) }
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try tracer.call("keyed.decode", codingPath, key, "Bool") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "Bool") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try tracer.call("keyed.decode", codingPath, key, "String") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "String") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try tracer.call("keyed.decode", codingPath, key, "Double") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "Double") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try tracer.call("keyed.decode", codingPath, key, "Float") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "Float") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try tracer.call("keyed.decode", codingPath, key, "Int") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "Int") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try tracer.call("keyed.decode", codingPath, key, "Int8") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "Int8") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try tracer.call("keyed.decode", codingPath, key, "Int16") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "Int16") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try tracer.call("keyed.decode", codingPath, key, "Int32") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "Int32") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try tracer.call("keyed.decode", codingPath, key, "Int64") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "Int64") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try tracer.call("keyed.decode", codingPath, key, "UInt") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "UInt") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try tracer.call("keyed.decode", codingPath, key, "UInt8") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "UInt8") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try tracer.call("keyed.decode", codingPath, key, "UInt16") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "UInt16") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try tracer.call("keyed.decode", codingPath, key, "UInt32") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "UInt32") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try tracer.call("keyed.decode", codingPath, key, "UInt64") { try base.decode(type, forKey: key) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, "UInt64") { try base.decodeIfPresent(type, forKey: key) }
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try tracer.call("keyed.decode", codingPath, key, String(describing: type)) {
            try Tracer.traces(type) ? base.decode(Traced<T>.self, forKey: key).value : base.decode(type, forKey: key)
        }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try tracer.call("keyed.decodeIfPresent", codingPath, key, String(describing: type)) {
            try Tracer.traces(type) ? base.decodeIfPresent(Traced<T>.self, forKey: key)?.value : base.decodeIfPresent(type, forKey: key)
        }
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let inner = try tracer.call("keyed.nestedContainer", codingPath, key) { try base.nestedContainer(keyedBy: type, forKey: key) }
        return KeyedDecodingContainer(TracingKeyed<NestedKey>(base: inner, tracer: tracer))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        TracingUnkeyed(
            base: try tracer.call("keyed.nestedUnkeyedContainer", codingPath, key) { try base.nestedUnkeyedContainer(forKey: key) },
            tracer: tracer)
    }
    func superDecoder() throws -> any Decoder {
        TracingDecoder(base: try tracer.call("keyed.superDecoder", codingPath, nil) { try base.superDecoder() }, tracer: tracer)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        TracingDecoder(base: try tracer.call("keyed.superDecoder", codingPath, key) { try base.superDecoder(forKey: key) }, tracer: tracer)
    }
}

struct TracingUnkeyed: UnkeyedDecodingContainer {
    var base: any UnkeyedDecodingContainer
    let tracer: Tracer
    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int? { base.count }
    var isAtEnd: Bool { base.isAtEnd }
    var currentIndex: Int { base.currentIndex }

    /// Records a call at the current index, forwarding it to the base container.
    mutating func call<R>(_ name: String, _ type: String? = nil, _ body: (inout any UnkeyedDecodingContainer) throws -> R) throws -> R {
        let key = StepKey(intValue: base.currentIndex)
        var inner = base
        defer { base = inner }
        return try tracer.call("unkeyed." + name, codingPath, key, type) { try body(&inner) }
    }

    mutating func decodeNil() throws -> Bool { try call("decodeNil") { try $0.decodeNil() } }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try call("decode", "Bool") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        try call("decodeIfPresent", "Bool") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: String.Type) throws -> String { try call("decode", "String") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        try call("decodeIfPresent", "String") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: Double.Type) throws -> Double { try call("decode", "Double") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        try call("decodeIfPresent", "Double") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float { try call("decode", "Float") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        try call("decodeIfPresent", "Float") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try call("decode", "Int") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try call("decodeIfPresent", "Int") { try $0.decodeIfPresent(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try call("decode", "Int8") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
        try call("decodeIfPresent", "Int8") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try call("decode", "Int16") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
        try call("decodeIfPresent", "Int16") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try call("decode", "Int32") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
        try call("decodeIfPresent", "Int32") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try call("decode", "Int64") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
        try call("decodeIfPresent", "Int64") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try call("decode", "UInt") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
        try call("decodeIfPresent", "UInt") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try call("decode", "UInt8") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
        try call("decodeIfPresent", "UInt8") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try call("decode", "UInt16") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
        try call("decodeIfPresent", "UInt16") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try call("decode", "UInt32") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
        try call("decodeIfPresent", "UInt32") { try $0.decodeIfPresent(type) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try call("decode", "UInt64") { try $0.decode(type) } }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
        try call("decodeIfPresent", "UInt64") { try $0.decodeIfPresent(type) }
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try call("decode", String(describing: type)) { try Tracer.traces(type) ? $0.decode(Traced<T>.self).value : $0.decode(type) }
    }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try call("decodeIfPresent", String(describing: type)) {
            try Tracer.traces(type) ? $0.decodeIfPresent(Traced<T>.self)?.value : $0.decodeIfPresent(type)
        }
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(
            TracingKeyed<NestedKey>(base: try call("nestedContainer") { try $0.nestedContainer(keyedBy: type) }, tracer: tracer))
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        TracingUnkeyed(base: try call("nestedUnkeyedContainer") { try $0.nestedUnkeyedContainer() }, tracer: tracer)
    }
    mutating func superDecoder() throws -> any Decoder {
        TracingDecoder(base: try call("superDecoder") { try $0.superDecoder() }, tracer: tracer)
    }
}

struct TracingSingle: SingleValueDecodingContainer {
    let base: any SingleValueDecodingContainer
    let tracer: Tracer
    var codingPath: [any CodingKey] { base.codingPath }
    func decodeNil() -> Bool { tracer.call("single.decodeNil", codingPath, nil) { base.decodeNil() } }
    func decode(_ type: Bool.Type) throws -> Bool { try tracer.call("single.decode", codingPath, nil, "Bool") { try base.decode(type) } }
    func decode(_ type: String.Type) throws -> String {
        try tracer.call("single.decode", codingPath, nil, "String") { try base.decode(type) }
    }
    func decode(_ type: Double.Type) throws -> Double {
        try tracer.call("single.decode", codingPath, nil, "Double") { try base.decode(type) }
    }
    func decode(_ type: Float.Type) throws -> Float { try tracer.call("single.decode", codingPath, nil, "Float") { try base.decode(type) } }
    func decode(_ type: Int.Type) throws -> Int { try tracer.call("single.decode", codingPath, nil, "Int") { try base.decode(type) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try tracer.call("single.decode", codingPath, nil, "Int8") { try base.decode(type) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try tracer.call("single.decode", codingPath, nil, "Int16") { try base.decode(type) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try tracer.call("single.decode", codingPath, nil, "Int32") { try base.decode(type) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try tracer.call("single.decode", codingPath, nil, "Int64") { try base.decode(type) } }
    func decode(_ type: UInt.Type) throws -> UInt { try tracer.call("single.decode", codingPath, nil, "UInt") { try base.decode(type) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try tracer.call("single.decode", codingPath, nil, "UInt8") { try base.decode(type) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try tracer.call("single.decode", codingPath, nil, "UInt16") { try base.decode(type) }
    }
    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try tracer.call("single.decode", codingPath, nil, "UInt32") { try base.decode(type) }
    }
    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try tracer.call("single.decode", codingPath, nil, "UInt64") { try base.decode(type) }
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try tracer.call("single.decode", codingPath, nil, String(describing: type)) {
            try Tracer.traces(type) ? base.decode(Traced<T>.self).value : base.decode(type)
        }
    }
}

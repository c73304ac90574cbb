/// The Swift source of the compiled-mode runner's tracing decoder: `__CETraced<T>` decodes `T` through a
/// `Decoder` that wraps Foundation's and records every container call (with its coding path, its key or
/// index, and the kind of error it threw), forwarding each call unchanged. Part of the runner's text
/// (``RunnerSource``).
///
/// Nested values are decoded as `__CETraced<U>` so their calls are recorded too, except the types
/// `JSONDecoder` treats by their type rather than by their `init(from:)` (`Date`, `Data`, `URL`,
/// `Decimal`, dictionaries, whose String keys it does not convert) and the standard library's
/// scalars: those are forwarded as they are, so Foundation does exactly what it does without the trace.
/// `CompiledTraceDifferentialTests` holds the traced decode to the untraced one on every case.
enum RunnerTraceSource {
    static let scalars = [
        "Bool", "String", "Double", "Float", "Int", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]

    static var text: String {
        let keyed = scalars.map { type in
            """
                func decode(_ type: \(type).Type, forKey key: Key) throws -> \(type) { try __CETrace.call("keyed.decode", codingPath, key, "\(type)") { try base.decode(type, forKey: key) } }
                func decodeIfPresent(_ type: \(type).Type, forKey key: Key) throws -> \(type)? { try __CETrace.call("keyed.decodeIfPresent", codingPath, key, "\(type)") { try base.decodeIfPresent(type, forKey: key) } }
            """
        }.joined(separator: "\n")
        let unkeyed = scalars.map { type in
            """
                mutating func decode(_ type: \(type).Type) throws -> \(type) { try call("decode", "\(type)") { try $0.decode(type) } }
                mutating func decodeIfPresent(_ type: \(type).Type) throws -> \(type)? { try call("decodeIfPresent", "\(type)") { try $0.decodeIfPresent(type) } }
            """
        }.joined(separator: "\n")
        let single = scalars.map { type in
            """
                func decode(_ type: \(type).Type) throws -> \(type) { try __CETrace.call("single.decode", codingPath, nil, "\(type)") { try base.decode(type) } }
            """
        }.joined(separator: "\n")
        return """
            /// One container call the model's code made, as the tracing decoder saw it.
            struct __CECall: Encodable {
                /// `keyed.decode`, `keyed.contains`, `unkeyed.decode`, `single.decode`, `container`, …
                var c: String
                /// The container's coding path.
                var p: [__CEStep]
                /// The key asked for, or the unkeyed container's index.
                var k: __CEStep?
                /// The kind of error the call threw (`keyNotFound`, …, `other`), if it threw.
                var e: String?
                /// How many traced `init(from:)` calls deep the call was made; an `init` record opens one.
                var d: Int
                /// The type a decode call asked for; for an `init` record, the type whose initializer starts.
                var t: String?
            }

            protocol __CEUntraced {}
            extension Date: __CEUntraced {}
            extension Data: __CEUntraced {}
            extension URL: __CEUntraced {}
            extension Decimal: __CEUntraced {}
            extension Dictionary: __CEUntraced {}
            \(scalars.map { "extension \($0): __CEUntraced {}" }.joined(separator: "\n"))

            enum __CETrace {
                nonisolated(unsafe) static var calls: [__CECall] = []
                nonisolated(unsafe) static var enabled = false
                nonisolated(unsafe) static var depth = 0

                static func call<R>(_ name: String, _ path: [any CodingKey], _ key: (any CodingKey)?, _ type: String? = nil,
                                    _ body: () throws -> R) rethrows -> R {
                    let index = calls.count
                    calls.append(__CECall(c: name, p: path.map(__CEError.step), k: key.map(__CEError.step), e: nil, d: depth, t: type))
                    do { return try body() } catch {
                        calls[index].e = (error as? DecodingError).map { __CEError($0).kind } ?? "other"
                        throw error
                    }
                }

                /// Records that `T`'s `init(from:)` starts at `path`; the calls it makes are one deeper.
                static func enter<T>(_ type: T.Type, _ path: [any CodingKey]) {
                    calls.append(__CECall(c: "init", p: path.map(__CEError.step), k: nil, e: nil, d: depth, t: String(reflecting: type)))
                    depth += 1
                }

                /// Whether `T` is decoded through the tracing decoder, or forwarded as it is.
                static func traces<T>(_ type: T.Type) -> Bool { !(type is any __CEUntraced.Type) }
            }

            /// `T` decoded through the tracing decoder.
            struct __CETraced<T: Decodable>: Decodable {
                let value: T
                init(from decoder: any Decoder) throws {
                    __CETrace.enter(T.self, decoder.codingPath)
                    defer { __CETrace.depth -= 1 }
                    value = try T(from: __CETracingDecoder(base: decoder))
                }
            }

            struct __CETracingDecoder: Decoder {
                let base: any Decoder
                var codingPath: [any CodingKey] { base.codingPath }
                var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

                func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
                    let inner = try __CETrace.call("container", codingPath, nil) { try base.container(keyedBy: type) }
                    return KeyedDecodingContainer(__CEKeyed(base: inner))
                }
                func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
                    __CEUnkeyed(base: try __CETrace.call("unkeyedContainer", codingPath, nil) { try base.unkeyedContainer() })
                }
                func singleValueContainer() throws -> any SingleValueDecodingContainer {
                    __CESingle(base: try __CETrace.call("singleValueContainer", codingPath, nil) { try base.singleValueContainer() })
                }
            }

            struct __CEKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
                let base: KeyedDecodingContainer<Key>
                var codingPath: [any CodingKey] { base.codingPath }
                var allKeys: [Key] { __CETrace.call("keyed.allKeys", codingPath, nil) { base.allKeys } }
                func contains(_ key: Key) -> Bool { __CETrace.call("keyed.contains", codingPath, key) { base.contains(key) } }
                func decodeNil(forKey key: Key) throws -> Bool { try __CETrace.call("keyed.decodeNil", codingPath, key) { try base.decodeNil(forKey: key) } }
            \(keyed)
                func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
                    try __CETrace.call("keyed.decode", codingPath, key, String(describing: type)) {
                        try __CETrace.traces(type) ? base.decode(__CETraced<T>.self, forKey: key).value : base.decode(type, forKey: key)
                    }
                }
                func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
                    try __CETrace.call("keyed.decodeIfPresent", codingPath, key, String(describing: type)) {
                        try __CETrace.traces(type) ? base.decodeIfPresent(__CETraced<T>.self, forKey: key)?.value : base.decodeIfPresent(type, forKey: key)
                    }
                }
                func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
                    let inner = try __CETrace.call("keyed.nestedContainer", codingPath, key) { try base.nestedContainer(keyedBy: type, forKey: key) }
                    return KeyedDecodingContainer(__CEKeyed<NestedKey>(base: inner))
                }
                func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
                    __CEUnkeyed(base: try __CETrace.call("keyed.nestedUnkeyedContainer", codingPath, key) { try base.nestedUnkeyedContainer(forKey: key) })
                }
                func superDecoder() throws -> any Decoder {
                    __CETracingDecoder(base: try __CETrace.call("keyed.superDecoder", codingPath, nil) { try base.superDecoder() })
                }
                func superDecoder(forKey key: Key) throws -> any Decoder {
                    __CETracingDecoder(base: try __CETrace.call("keyed.superDecoder", codingPath, key) { try base.superDecoder(forKey: key) })
                }
            }

            struct __CEUnkeyed: UnkeyedDecodingContainer {
                var base: any UnkeyedDecodingContainer
                var codingPath: [any CodingKey] { base.codingPath }
                var count: Int? { base.count }
                var isAtEnd: Bool { base.isAtEnd }
                var currentIndex: Int { base.currentIndex }

                /// Records a call at the current index, forwarding it to the base container.
                mutating func call<R>(_ name: String, _ type: String? = nil, _ body: (inout any UnkeyedDecodingContainer) throws -> R) throws -> R {
                    let key = __CEKey(intValue: base.currentIndex)
                    var inner = base
                    defer { base = inner }
                    return try __CETrace.call("unkeyed." + name, codingPath, key, type) { try body(&inner) }
                }

                mutating func decodeNil() throws -> Bool { try call("decodeNil") { try $0.decodeNil() } }
            \(unkeyed)
                mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
                    try call("decode", String(describing: type)) { try __CETrace.traces(type) ? $0.decode(__CETraced<T>.self).value : $0.decode(type) }
                }
                mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
                    try call("decodeIfPresent", String(describing: type)) { try __CETrace.traces(type) ? $0.decodeIfPresent(__CETraced<T>.self)?.value : $0.decodeIfPresent(type) }
                }
                mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
                    KeyedDecodingContainer(__CEKeyed<NestedKey>(base: try call("nestedContainer") { try $0.nestedContainer(keyedBy: type) }))
                }
                mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
                    __CEUnkeyed(base: try call("nestedUnkeyedContainer") { try $0.nestedUnkeyedContainer() })
                }
                mutating func superDecoder() throws -> any Decoder {
                    __CETracingDecoder(base: try call("superDecoder") { try $0.superDecoder() })
                }
            }

            struct __CESingle: SingleValueDecodingContainer {
                let base: any SingleValueDecodingContainer
                var codingPath: [any CodingKey] { base.codingPath }
                func decodeNil() -> Bool { __CETrace.call("single.decodeNil", codingPath, nil) { base.decodeNil() } }
            \(single)
                func decode<T: Decodable>(_ type: T.Type) throws -> T {
                    try __CETrace.call("single.decode", codingPath, nil, String(describing: type)) {
                        try __CETrace.traces(type) ? base.decode(__CETraced<T>.self).value : base.decode(type)
                    }
                }
            }

            """
    }
}

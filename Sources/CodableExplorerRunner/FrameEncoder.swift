import Foundation

/// Encodes a message in the channels' binary form (``FrameCoding``), as `JSONEncoder` would encode
/// it as JSON: each value as its `encode(to:)` says, the keys as their `stringValue`s, nothing left
/// out but what `encodeIfPresent` leaves out. Non-finite floats are values like any other.
public struct FrameEncoder {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let root = FrameEncoderNode(.root, problems: FrameEncoderNode.Problems())
        try root.encodeValue(value, path: .root)
        if let problem = root.problems.first { throw problem }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(root.size)
        root.write(to: &bytes)
        return bytes
    }
}

/// One container of the message being encoded (the message itself is the root): the bytes of its
/// entries, with the containers nested in it kept aside and put in their place when it is written
/// (their sizes, which lead them, are known only then).
final class FrameEncoderNode {
    /// A root is written as its contents alone: the message, and the place of a value handed a
    /// super encoder (an empty one is an empty keyed container, as a value that encodes nothing).
    enum Shape { case root, keyed, unkeyed }

    let shape: Shape
    private(set) var contents: [UInt8] = []
    /// The containers nested in this one, each at the offset in ``contents`` where it goes.
    private var nested: [(offset: Int, node: FrameEncoderNode)] = []
    /// How many entries (keyed) or values (unkeyed) it holds.
    private(set) var count = 0
    /// Why the message cannot be encoded (a value that asked for a keyed and an unkeyed container
    /// in one place), found by any container of it.
    final class Problems {
        var first: EncodingError?
    }

    let problems: Problems
    private var bodySize = -1

    init(_ shape: Shape, problems: Problems) {
        self.shape = shape
        self.problems = problems
    }

    /// A value's bytes begin here: its key (keyed) or its place (unkeyed) is counted.
    func beginEntry(key: some CodingKey) {
        count += 1
        appendText(key.stringValue)
    }

    func beginValue() { count += 1 }

    func appendNull() { contents.append(FrameCoding.Tag.null.rawValue) }

    func append(_ value: Bool) { contents.append(value ? FrameCoding.Tag.true.rawValue : FrameCoding.Tag.false.rawValue) }

    func append(_ value: String) {
        contents.append(FrameCoding.Tag.string.rawValue)
        appendText(value)
    }

    func append(signed value: Int64) {
        contents.append(FrameCoding.Tag.signed.rawValue)
        FrameCoding.appendVarint(FrameCoding.zigzag(value), to: &contents)
    }

    func append(unsigned value: UInt64) {
        contents.append(FrameCoding.Tag.unsigned.rawValue)
        FrameCoding.appendVarint(value, to: &contents)
    }

    func append(_ value: Double) {
        contents.append(FrameCoding.Tag.double.rawValue)
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { contents.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    func append(_ value: Float) {
        contents.append(FrameCoding.Tag.float.rawValue)
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 32, by: 8) { contents.append(UInt8(truncatingIfNeeded: bits >> UInt32(shift))) }
    }

    /// A `Data` or `[UInt8]` (``FrameCoding/Tag/bytes``).
    private func appendBytes<T>(_ value: T) {
        contents.append(FrameCoding.Tag.bytes.rawValue)
        if let data = value as? Data {
            FrameCoding.appendVarint(UInt64(data.count), to: &contents)
            contents.append(contentsOf: data)
        } else if let bytes = value as? [UInt8] {
            FrameCoding.appendVarint(UInt64(bytes.count), to: &contents)
            contents.append(contentsOf: bytes)
        }
    }

    private func appendText(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            FrameCoding.appendVarint(UInt64(utf8.count), to: &contents)
            contents.append(contentsOf: utf8)
        }
    }

    /// A container nested here, at the end of what is written so far.
    func nest(_ shape: Shape) -> FrameEncoderNode {
        let node = FrameEncoderNode(shape, problems: problems)
        nested.append((contents.count, node))
        return node
    }

    /// Encodes `value` here, as its `encode(to:)` says; one that encodes nothing is an empty keyed
    /// container (`JSONEncoder` writes `{}`).
    func encodeValue<T: Encodable>(_ value: T, path: FramePath) throws {
        if T.self == Data.self || T.self == [UInt8].self { return appendBytes(value) }
        let (bytes, nodes) = (contents.count, nested.count)
        try value.encode(to: FrameValueEncoding(into: self, path: path))
        if contents.count == bytes, nested.count == nodes { _ = nest(.keyed) }
    }

    /// Notes the first reason the message cannot be encoded.
    func fail(_ problem: EncodingError) {
        if problems.first == nil { problems.first = problem }
    }

    /// The size of this container as written: its header and its body.
    var size: Int {
        if isEmptyRoot { return Self.emptyKeyed.count }
        let body = self.body
        return shape == .root ? body : 1 + FrameCoding.varintCount(UInt64(body)) + body
    }

    private var isEmptyRoot: Bool { shape == .root && contents.isEmpty && nested.isEmpty }

    /// A keyed container with no entries: its tag, a body of 1 byte, a count of 0.
    private static let emptyKeyed: [UInt8] = [FrameCoding.Tag.keyed.rawValue, 1, 0]

    /// The size of the body: the count and the entries, the nested containers in their places.
    private var body: Int {
        if bodySize < 0 {
            bodySize = contents.count + nested.reduce(0) { $0 + $1.node.size }
            if shape != .root { bodySize += FrameCoding.varintCount(UInt64(count)) }
        }
        return bodySize
    }

    func write(to bytes: inout [UInt8]) {
        if isEmptyRoot { return bytes.append(contentsOf: Self.emptyKeyed) }
        if shape != .root {
            bytes.append(shape == .keyed ? FrameCoding.Tag.keyed.rawValue : FrameCoding.Tag.unkeyed.rawValue)
            FrameCoding.appendVarint(UInt64(body), to: &bytes)
            FrameCoding.appendVarint(UInt64(count), to: &bytes)
        }
        var from = 0
        for (offset, node) in nested {
            bytes.append(contentsOf: contents[from..<offset])
            node.write(to: &bytes)
            from = offset
        }
        bytes.append(contentsOf: contents[from...])
    }
}

/// The encoder one value is handed (`encode(to:)`): what it asks for goes where the value goes,
/// in `into`. A second container asked of it is the first again, as `JSONEncoder`'s is.
final class FrameValueEncoding: Encoder, SingleValueEncodingContainer {
    let into: FrameEncoderNode
    let path: FramePath
    private var container: FrameEncoderNode?
    private var wroteSingle = false

    init(into: FrameEncoderNode, path: FramePath) {
        self.into = into
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private func node(_ shape: FrameEncoderNode.Shape) -> FrameEncoderNode {
        if let container {
            if container.shape != shape {
                into.fail(
                    .invalidValue(path, .init(codingPath: codingPath, debugDescription: "a keyed and an unkeyed container in one place")))
            }
            return container
        }
        let node = into.nest(shape)
        container = node
        return node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FrameKeyedEncoding<Key>(node: node(.keyed), path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { FrameUnkeyedEncoding(node: node(.unkeyed), path: path) }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// A single value is written where the value goes; a second one is refused.
    private func single() throws {
        guard !wroteSingle, container == nil else {
            throw EncodingError.invalidValue(path, .init(codingPath: codingPath, debugDescription: "two values in one place"))
        }
        wroteSingle = true
    }

    func encodeNil() throws {
        try single()
        into.appendNull()
    }

    func encode(_ value: Bool) throws {
        try single()
        into.append(value)
    }

    func encode(_ value: String) throws {
        try single()
        into.append(value)
    }

    func encode(_ value: Double) throws {
        try single()
        into.append(value)
    }

    func encode(_ value: Float) throws {
        try single()
        into.append(value)
    }

    func encode(_ value: Int) throws { try signed(Int64(value)) }
    func encode(_ value: Int8) throws { try signed(Int64(value)) }
    func encode(_ value: Int16) throws { try signed(Int64(value)) }
    func encode(_ value: Int32) throws { try signed(Int64(value)) }
    func encode(_ value: Int64) throws { try signed(value) }
    func encode(_ value: UInt) throws { try unsigned(UInt64(value)) }
    func encode(_ value: UInt8) throws { try unsigned(UInt64(value)) }
    func encode(_ value: UInt16) throws { try unsigned(UInt64(value)) }
    func encode(_ value: UInt32) throws { try unsigned(UInt64(value)) }
    func encode(_ value: UInt64) throws { try unsigned(value) }

    private func signed(_ value: Int64) throws {
        try single()
        into.append(signed: value)
    }

    private func unsigned(_ value: UInt64) throws {
        try single()
        into.append(unsigned: value)
    }

    func encode<T: Encodable>(_ value: T) throws {
        try single()
        try into.encodeValue(value, path: path)
    }
}

struct FrameKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: FrameEncoderNode
    let path: FramePath

    var codingPath: [any CodingKey] { path.keys }

    mutating func encodeNil(forKey key: Key) throws {
        node.beginEntry(key: key)
        node.appendNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        node.beginEntry(key: key)
        node.append(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        node.beginEntry(key: key)
        node.append(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        node.beginEntry(key: key)
        node.append(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        node.beginEntry(key: key)
        node.append(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { signed(Int64(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { signed(Int64(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { signed(Int64(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { signed(Int64(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { signed(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { unsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { unsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { unsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { unsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { unsigned(value, key) }

    private func signed(_ value: Int64, _ key: Key) {
        node.beginEntry(key: key)
        node.append(signed: value)
    }

    private func unsigned(_ value: UInt64, _ key: Key) {
        node.beginEntry(key: key)
        node.append(unsigned: value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.beginEntry(key: key)
        try node.encodeValue(value, path: .key(path, key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        node.beginEntry(key: key)
        return KeyedEncodingContainer(FrameKeyedEncoding<NestedKey>(node: node.nest(.keyed), path: .key(path, key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        node.beginEntry(key: key)
        return FrameUnkeyedEncoding(node: node.nest(.unkeyed), path: .key(path, key))
    }

    mutating func superEncoder() -> any Encoder {
        node.beginEntry(key: FrameIndexKey.superKey)
        return FrameValueEncoding(into: node.nest(.root), path: .key(path, FrameIndexKey.superKey))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        node.beginEntry(key: key)
        return FrameValueEncoding(into: node.nest(.root), path: .key(path, key))
    }
}

struct FrameUnkeyedEncoding: UnkeyedEncodingContainer {
    let node: FrameEncoderNode
    let path: FramePath

    var codingPath: [any CodingKey] { path.keys }
    var count: Int { node.count }

    mutating func encodeNil() throws {
        node.beginValue()
        node.appendNull()
    }

    mutating func encode(_ value: Bool) throws {
        node.beginValue()
        node.append(value)
    }

    mutating func encode(_ value: String) throws {
        node.beginValue()
        node.append(value)
    }

    mutating func encode(_ value: Double) throws {
        node.beginValue()
        node.append(value)
    }

    mutating func encode(_ value: Float) throws {
        node.beginValue()
        node.append(value)
    }

    mutating func encode(_ value: Int) throws { signed(Int64(value)) }
    mutating func encode(_ value: Int8) throws { signed(Int64(value)) }
    mutating func encode(_ value: Int16) throws { signed(Int64(value)) }
    mutating func encode(_ value: Int32) throws { signed(Int64(value)) }
    mutating func encode(_ value: Int64) throws { signed(value) }
    mutating func encode(_ value: UInt) throws { unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { unsigned(value) }

    private func signed(_ value: Int64) {
        node.beginValue()
        node.append(signed: value)
    }

    private func unsigned(_ value: UInt64) {
        node.beginValue()
        node.append(unsigned: value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = node.count
        node.beginValue()
        try node.encodeValue(value, path: .index(path, index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let index = node.count
        node.beginValue()
        return KeyedEncodingContainer(FrameKeyedEncoding<NestedKey>(node: node.nest(.keyed), path: .index(path, index)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let index = node.count
        node.beginValue()
        return FrameUnkeyedEncoding(node: node.nest(.unkeyed), path: .index(path, index))
    }

    mutating func superEncoder() -> any Encoder {
        let index = node.count
        node.beginValue()
        return FrameValueEncoding(into: node.nest(.root), path: .index(path, index))
    }
}

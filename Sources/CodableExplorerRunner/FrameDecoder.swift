import Foundation

/// Decodes a message from the channels' binary form (``FrameCoding``, ``FrameEncoder``'s), as
/// `JSONDecoder` decodes JSON: a key asked for and absent is `keyNotFound`, a value of another
/// kind `typeMismatch`, a number that does not fit `dataCorrupted`; bytes that are not the form
/// (cut short, an unknown tag) are `dataCorrupted`, with the offset.
public struct FrameDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let reader = FrameReader(bytes)
        let value = try reader.decodeValue(T.self, at: 0, path: .root)
        let end = try reader.end(of: 0, path: .root)
        guard end == bytes.count else { throw reader.corrupted("\(bytes.count - end) bytes after the message", .root) }
        return value
    }
}

/// The bytes of a message being decoded, and how to step through them.
final class FrameReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func corrupted(_ what: String, _ path: FramePath) -> DecodingError {
        .dataCorrupted(.init(codingPath: path.keys, debugDescription: "not a message of the channel: \(what)"))
    }

    func tag(at offset: Int, path: FramePath) throws -> FrameCoding.Tag {
        guard offset < bytes.count else { throw corrupted("cut short at byte \(offset)", path) }
        guard let tag = FrameCoding.Tag(rawValue: bytes[offset]) else {
            throw corrupted("an unknown tag \(bytes[offset]) at byte \(offset)", path)
        }
        return tag
    }

    func varint(at offset: inout Int, path: FramePath) throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw corrupted("cut short at byte \(offset)", path) }
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { throw corrupted("a number too long at byte \(offset - 1)", path) }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A byte count at `offset` (moved past it), checked against what is left.
    func count(at offset: inout Int, path: FramePath) throws -> Int {
        let count = try varint(at: &offset, path: path)
        guard count <= UInt64(bytes.count - offset) else { throw corrupted("a length past the end at byte \(offset)", path) }
        return Int(count)
    }

    /// Where the value at `offset` ends.
    func end(of offset: Int, path: FramePath) throws -> Int {
        var at = offset + 1
        switch try tag(at: offset, path: path) {
        case .null, .false, .true: break
        case .signed, .unsigned: _ = try varint(at: &at, path: path)
        case .double: at += 8
        case .float: at += 4
        case .string, .keyed, .unkeyed, .bytes: at += try count(at: &at, path: path)
        }
        guard at <= bytes.count else { throw corrupted("cut short at byte \(bytes.count)", path) }
        return at
    }

    /// A container's header at `offset`: where its entries begin and end, and how many there are.
    func container(
        _ tag: FrameCoding.Tag, at offset: Int, path: FramePath, as type: Any.Type
    ) throws -> (
        start: Int, end: Int, count: Int
    ) {
        let found = try self.tag(at: offset, path: path)
        guard found == tag else { throw mismatch(type, found, path) }
        var at = offset + 1
        let size = try count(at: &at, path: path)
        let end = at + size
        let count = try varint(at: &at, path: path)
        guard at <= end, count <= UInt64(end - at) else { throw corrupted("a container's count past its end at byte \(at)", path) }
        return (at, end, Int(count))
    }

    func mismatch(_ type: Any.Type, _ found: FrameCoding.Tag, _ path: FramePath) -> DecodingError {
        let what =
            switch found {
            case .null: "nil"
            case .false, .true: "a Bool"
            case .signed, .unsigned, .double, .float: "a number"
            case .string: "a string"
            case .keyed: "a keyed container"
            case .unkeyed: "an unkeyed container"
            case .bytes: "bytes"
            }
        if found == .null {
            return .valueNotFound(type, .init(codingPath: path.keys, debugDescription: "Expected \(type) value but found null instead."))
        }
        return .typeMismatch(type, .init(codingPath: path.keys, debugDescription: "Expected to decode \(type) but found \(what) instead."))
    }

    /// The UTF-8 bytes at `offset` (a byte count and the bytes), and where they end.
    func text(at offset: Int, path: FramePath) throws -> Range<Int> {
        var at = offset
        let count = try count(at: &at, path: path)
        return at..<(at + count)
    }

    func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The value at `offset` as `T`: a `Data` or `[UInt8]` from its bytes (``FrameCoding/Tag/bytes``),
    /// anything else as its `init(from:)` reads it.
    func decodeValue<T: Decodable>(_ type: T.Type, at offset: Int, path: FramePath) throws -> T {
        if T.self == Data.self || T.self == [UInt8].self, try tag(at: offset, path: path) == .bytes {
            let bytes = Array(self.bytes[try text(at: offset + 1, path: path)])
            if T.self == Data.self, let data = Data(bytes) as? T { return data }
            if let bytes = bytes as? T { return bytes }
        }
        return try T(from: FrameValueDecoding(self, at: offset, path: path))
    }

    func decodeBool(at offset: Int, path: FramePath) throws -> Bool {
        let tag = try self.tag(at: offset, path: path)
        switch tag {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, tag, path)
        }
    }

    func decodeString(at offset: Int, path: FramePath) throws -> String {
        let tag = try self.tag(at: offset, path: path)
        guard tag == .string else { throw mismatch(String.self, tag, path) }
        return string(try text(at: offset + 1, path: path))
    }

    /// A number at `offset` as `T`: any integer that fits, or a whole float (JSON's numbers are one kind).
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, at offset: Int, path: FramePath) throws -> T {
        let tag = try self.tag(at: offset, path: path)
        var at = offset + 1
        let value: T?
        switch tag {
        case .signed: value = T(exactly: FrameCoding.unzigzag(try varint(at: &at, path: path)))
        case .unsigned: value = T(exactly: try varint(at: &at, path: path))
        case .double: value = T(exactly: try decodeDouble(at: offset, path: path))
        case .float: value = T(exactly: try decodeFloat(at: offset, path: path))
        default: throw mismatch(T.self, tag, path)
        }
        guard let value else {
            throw DecodingError.dataCorrupted(.init(codingPath: path.keys, debugDescription: "The number does not fit in \(T.self)."))
        }
        return value
    }

    func decodeDouble(at offset: Int, path: FramePath) throws -> Double {
        let tag = try self.tag(at: offset, path: path)
        var at = offset + 1
        switch tag {
        case .double: return Double(bitPattern: try littleEndian(at: offset + 1, count: 8, path: path))
        case .float: return Double(Float(bitPattern: UInt32(try littleEndian(at: offset + 1, count: 4, path: path))))
        case .signed: return Double(FrameCoding.unzigzag(try varint(at: &at, path: path)))
        case .unsigned: return Double(try varint(at: &at, path: path))
        default: throw mismatch(Double.self, tag, path)
        }
    }

    func decodeFloat(at offset: Int, path: FramePath) throws -> Float {
        let tag = try self.tag(at: offset, path: path)
        switch tag {
        case .float: return Float(bitPattern: UInt32(try littleEndian(at: offset + 1, count: 4, path: path)))
        case .double, .signed, .unsigned: return Float(try decodeDouble(at: offset, path: path))
        default: throw mismatch(Float.self, tag, path)
        }
    }

    private func littleEndian(at offset: Int, count: Int, path: FramePath) throws -> UInt64 {
        guard offset + count <= bytes.count else { throw corrupted("cut short at byte \(bytes.count)", path) }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
        return value
    }
}

/// The decoder one value is handed (`init(from:)`), and its single value container.
final class FrameValueDecoding: Decoder, SingleValueDecodingContainer {
    let reader: FrameReader
    let offset: Int
    let path: FramePath

    init(_ reader: FrameReader, at offset: Int, path: FramePath) {
        self.reader = reader
        self.offset = offset
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try FrameKeyedDecoding<Key>(reader, at: offset, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try FrameUnkeyedDecoding(reader, at: offset, path: path) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { (try? reader.tag(at: offset, path: path)) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.decodeBool(at: offset, path: path) }
    func decode(_ type: String.Type) throws -> String { try reader.decodeString(at: offset, path: path) }
    func decode(_ type: Double.Type) throws -> Double { try reader.decodeDouble(at: offset, path: path) }
    func decode(_ type: Float.Type) throws -> Float { try reader.decodeFloat(at: offset, path: path) }
    func decode(_ type: Int.Type) throws -> Int { try reader.decodeInteger(type, at: offset, path: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reader.decodeInteger(type, at: offset, path: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reader.decodeInteger(type, at: offset, path: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reader.decodeInteger(type, at: offset, path: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.decodeInteger(type, at: offset, path: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try reader.decodeInteger(type, at: offset, path: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.decodeInteger(type, at: offset, path: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.decodeInteger(type, at: offset, path: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.decodeInteger(type, at: offset, path: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.decodeInteger(type, at: offset, path: path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.decodeValue(type, at: offset, path: path) }
}

/// A keyed container being decoded. Its entries are found by reading their keys in order from
/// where the last one found ended (a type reads its keys in the order it wrote them), and from
/// the first entry when that fails.
final class FrameKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: FrameReader
    let path: FramePath
    private let start: Int
    private let end: Int
    private let entries: Int
    /// Where the entry after the last one found begins, and its number.
    private var next: (offset: Int, index: Int)
    /// The last entry found: where its key's bytes and its value are.
    private var last: (key: Range<Int>, value: Int)?

    init(_ reader: FrameReader, at offset: Int, path: FramePath) throws {
        self.reader = reader
        self.path = path
        (start, end, entries) = try reader.container(.keyed, at: offset, path: path, as: [String: Any].self)
        next = (start, 0)
    }

    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] {
        var keys: [Key] = []
        var at = start
        for _ in 0..<entries {
            guard let key = try? reader.text(at: at, path: path), let end = try? reader.end(of: key.upperBound, path: path) else { break }
            if let made = Key(stringValue: reader.string(key)) { keys.append(made) }
            at = end
        }
        return keys
    }

    /// Where the value of `key` is, nil if it has none.
    private func find(_ key: some CodingKey) throws -> Int? {
        var name = key.stringValue
        return try name.withUTF8 { wanted throws -> Int? in
            if let last, matches(last.key, wanted) { return last.value }
            if next.index < entries, let found = try entry(at: next.offset, index: next.index, wanted) { return found }
            var at = start
            for index in 0..<entries {
                let keyRange = try reader.text(at: at, path: path)
                if matches(keyRange, wanted) { return try take(keyRange, index: index) }
                at = try reader.end(of: keyRange.upperBound, path: path)
            }
            return nil
        }
    }

    private func entry(at offset: Int, index: Int, _ wanted: UnsafeBufferPointer<UInt8>) throws -> Int? {
        let keyRange = try reader.text(at: offset, path: path)
        return matches(keyRange, wanted) ? try take(keyRange, index: index) : nil
    }

    /// The entry whose key is at `keyRange` is found: the search goes on after it.
    private func take(_ keyRange: Range<Int>, index: Int) throws -> Int {
        let value = keyRange.upperBound
        last = (keyRange, value)
        next = (try reader.end(of: value, path: path), index + 1)
        guard next.offset <= end else { throw reader.corrupted("an entry past its container's end", path) }
        return value
    }

    private func matches(_ range: Range<Int>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == wanted.count else { return false }
        return reader.bytes.withUnsafeBufferPointer { bytes in
            UnsafeBufferPointer(rebasing: bytes[range]).elementsEqual(wanted)
        }
    }

    private func value(_ key: some CodingKey) throws -> Int {
        guard let found = try find(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(codingPath: path.keys, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return found
    }

    func contains(_ key: Key) -> Bool { (try? find(key)) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try reader.tag(at: try value(key), path: .key(path, key)) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.decodeBool(at: try value(key), path: .key(path, key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try reader.decodeString(at: try value(key), path: .key(path, key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try reader.decodeDouble(at: try value(key), path: .key(path, key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try reader.decodeFloat(at: try value(key), path: .key(path, key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        try reader.decodeInteger(type, at: try value(key), path: .key(path, key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try reader.decodeValue(type, at: try value(key), path: .key(path, key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try FrameKeyedDecoding<NestedKey>(reader, at: try value(key), path: .key(path, key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try FrameUnkeyedDecoding(reader, at: try value(key), path: .key(path, key))
    }

    func superDecoder() throws -> any Decoder {
        FrameValueDecoding(reader, at: try value(FrameIndexKey.superKey), path: .key(path, FrameIndexKey.superKey))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { FrameValueDecoding(reader, at: try value(key), path: .key(path, key)) }
}

/// An unkeyed container being decoded, value after value.
final class FrameUnkeyedDecoding: UnkeyedDecodingContainer {
    let reader: FrameReader
    let path: FramePath
    private let end: Int
    private let values: Int
    private var offset: Int
    private(set) var currentIndex = 0

    init(_ reader: FrameReader, at offset: Int, path: FramePath) throws {
        self.reader = reader
        self.path = path
        let start: Int
        (start, end, values) = try reader.container(.unkeyed, at: offset, path: path, as: [Any].self)
        self.offset = start
    }

    var codingPath: [any CodingKey] { path.keys }
    var count: Int? { values }
    var isAtEnd: Bool { currentIndex >= values }

    /// The next value's offset, for `type`; the container moves past it.
    private func take(_ type: Any.Type) throws -> (offset: Int, path: FramePath) {
        let path = FramePath.index(path, currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path.keys, debugDescription: "Unkeyed container is at end."))
        }
        let at = offset
        let next = try reader.end(of: at, path: path)
        guard next <= end else { throw reader.corrupted("a value past its container's end", path) }
        offset = next
        currentIndex += 1
        return (at, path)
    }

    func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any?.self, .init(codingPath: FramePath.index(path, currentIndex).keys, debugDescription: "Unkeyed container is at end."))
        }
        guard try reader.tag(at: offset, path: .index(path, currentIndex)) == .null else { return false }
        _ = try take(Any?.self)
        return true
    }

    /// The next value read by `read` (one of the reader's `decode` functions).
    private func next<T>(_ type: T.Type, _ read: (FrameReader) -> (Int, FramePath) throws -> T) throws -> T {
        let (at, path) = try take(type)
        return try read(reader)(at, path)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try next(type, FrameReader.decodeBool) }
    func decode(_ type: String.Type) throws -> String { try next(type, FrameReader.decodeString) }
    func decode(_ type: Double.Type) throws -> Double { try next(type, FrameReader.decodeDouble) }
    func decode(_ type: Float.Type) throws -> Float { try next(type, FrameReader.decodeFloat) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let (at, path) = try take(type)
        return try reader.decodeInteger(type, at: at, path: path)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (at, path) = try take(type)
        return try reader.decodeValue(type, at: at, path: path)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (at, path) = try take(type)
        return KeyedDecodingContainer(try FrameKeyedDecoding<NestedKey>(reader, at: at, path: path))
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (at, path) = try take([Any].self)
        return try FrameUnkeyedDecoding(reader, at: at, path: path)
    }

    func superDecoder() throws -> any Decoder {
        let (at, path) = try take(Any.self)
        return FrameValueDecoding(reader, at: at, path: path)
    }
}

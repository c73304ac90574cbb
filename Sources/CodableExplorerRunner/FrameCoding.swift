/// The binary form of the tool's channels' messages (``FrameEncoder``, ``FrameDecoder``): every
/// value is a tag byte and what that tag says follows. A keyed or unkeyed container gives the
/// byte count of its contents ahead of them, so that a reader steps over a value it is not
/// asked for without reading into it; keys are UTF-8 text, as JSON would spell them.
///
/// `JSONEncoder` and `JSONDecoder` built a tree of every message and a dictionary of every
/// object's keys, for frames of a few hundred bytes: JSON was three fifths of the worker's work
/// for an entry of a capture checked alone (DECISIONS.md, "The decode worker").
enum FrameCoding {
    enum Tag: UInt8 {
        case null = 0
        case `false` = 1
        case `true` = 2
        /// A signed integer, zigzag-encoded as a variable-length integer.
        case signed = 3
        /// An unsigned integer as a variable-length integer.
        case unsigned = 4
        /// A `Double`'s bits, 8 bytes, little-endian.
        case double = 5
        /// A `Float`'s bits, 4 bytes, little-endian.
        case float = 6
        /// A byte count and that many bytes of UTF-8.
        case string = 7
        /// The contents' byte count, the number of entries, then each entry's key (a byte count
        /// and its UTF-8) and value.
        case keyed = 8
        /// The contents' byte count, the number of values, then each value.
        case unkeyed = 9
        /// A byte count and that many bytes: a `Data` or a `[UInt8]` as it is (their own `Codable`
        /// is a number a byte; a node table of a large payload is millions of them).
        case bytes = 10
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    static func varintCount(_ value: UInt64) -> Int {
        var value = value
        var count = 1
        while value >= 0x80 {
            value >>= 7
            count += 1
        }
        return count
    }

    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    static func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
}

import Foundation

/// One container call waiting for its type: `decode(T.self, forKey:)`, `decodeIfPresent`,
/// an unkeyed container's next element, a single-value container, or the top level.
protocol DecodingSlot {
    /// The call with `T`; nil only from `decodeIfPresent`.
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T?
}

struct KeyedSlot: DecodingSlot {
    let container: KeyedDecodingContainer<CodingKeys>
    let key: CodingKeys
    let ifPresent: Bool

    func decode<T: Decodable>(_ type: T.Type) throws -> T? {
        ifPresent ? try container.decodeIfPresent(type, forKey: key) : try container.decode(type, forKey: key)
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
struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

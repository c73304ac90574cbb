import Foundation

/// Any key, to look inside an object without knowing its keys.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer {
    /// nil when the key is missing, null, or "": the API's ways of saying "no value".
    func decodeNonEmpty(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return text
    }

    /// nil when the key is missing, null, or `{}`; otherwise the value, whose errors still throw.
    func decodeNonEmpty<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if let object = try? nestedContainer(keyedBy: AnyKey.self, forKey: key), object.allKeys.isEmpty { return nil }
        return try decodeIfPresent(T.self, forKey: key)
    }
}

struct Address: Decodable {
    let street: String
    let city: String
}

struct Order: Decodable {
    let id: Int
    let note: String?
    let giftMessage: String
    let shipping: Address?

    enum CodingKeys: String, CodingKey { case id, note, giftMessage, shipping }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        note = try container.decodeNonEmpty(String.self, forKey: .note)
        shipping = try container.decodeNonEmpty(Address.self, forKey: .shipping)
        giftMessage = try container.decode(String.self, forKey: .giftMessage)
    }
}

struct OrderList: Decodable {
    let orders: [Order]
}

import Foundation

/// A list the API may leave out: empty then.
@propertyWrapper
struct DefaultEmpty: Decodable {
    var wrappedValue: [String]

    init(wrappedValue: [String]) {
        self.wrappedValue = wrappedValue
    }

    init(from decoder: Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode([String].self)
    }
}

extension KeyedDecodingContainer {
    func decode(_ type: DefaultEmpty.Type, forKey key: Key) throws -> DefaultEmpty {
        try decodeIfPresent(type, forKey: key) ?? DefaultEmpty(wrappedValue: [])
    }
}

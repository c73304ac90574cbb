/// An array that is empty when its key is missing or null (the container extension below).
@propertyWrapper
public struct DefaultEmpty<Element: Decodable>: Decodable {
    public var wrappedValue: [Element]

    public init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }

    public init(from decoder: Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode([Element].self)
    }
}

extension KeyedDecodingContainer {
    /// A missing or null key gives an empty array instead of keyNotFound.
    public func decode<Element>(_ type: DefaultEmpty<Element>.Type, forKey key: Key) throws -> DefaultEmpty<Element> {
        try decodeIfPresent(type, forKey: key) ?? DefaultEmpty(wrappedValue: [])
    }
}

import Foundation

// Hand-written decoding as Codable articles teach it and API clients ship it: every type below is
// decided by its own code in compiled mode.

/// Flattens `{"id": 1, "profile": {"name": "A", "address": {"city": "B"}}}` with nested containers.
struct Flattened: Decodable {
    let id: Int
    let name: String
    let city: String

    enum CodingKeys: String, CodingKey { case id, profile }
    enum ProfileKeys: String, CodingKey { case name, address }
    enum AddressKeys: String, CodingKey { case city }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let profile = try container.nestedContainer(keyedBy: ProfileKeys.self, forKey: .profile)
        name = try profile.decode(String.self, forKey: .name)
        let address = try profile.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
        city = try address.decode(String.self, forKey: .city)
    }
}

/// A polymorphic payload chosen by a `type` field.
enum Animal: Decodable {
    case dog(barks: Int)
    case cat(lives: Int)

    enum CodingKeys: String, CodingKey { case type, barks, lives }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "dog": self = .dog(barks: try container.decode(Int.self, forKey: .barks))
        case "cat": self = .cat(lives: try container.decode(Int.self, forKey: .lives))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "Unknown animal \(other)")
        }
    }
}

struct Zoo: Decodable {
    let animals: [Animal]
}

/// An unkeyed array of dates parsed by hand.
struct Timeline: Decodable {
    let days: [Date]

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        var days: [Date] = []
        while !container.isAtEnd {
            let text = try container.decode(String.self)
            guard let day = formatter.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a day: \(text)")
            }
            days.append(day)
        }
        self.days = days
    }
}

/// Drops the elements that fail instead of failing the array.
@propertyWrapper
struct LossyArray<Element: Decodable>: Decodable {
    var wrappedValue: [Element]

    private struct Skip: Decodable {}

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else {
                _ = try? container.decode(Skip.self)
            }
        }
        wrappedValue = elements
    }
}

/// A blank string is nil.
@propertyWrapper
struct BlankAsNil: Decodable {
    var wrappedValue: String?

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        wrappedValue = text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : text
    }
}

struct Listing: Decodable {
    @LossyArray var prices: [Int]
    @BlankAsNil var nickname: String?
}

/// A number sent as a string: `"42"`.
struct StringNumber<Value: LosslessStringConvertible & Decodable>: Decodable {
    let value: Value

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Value(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a \(Value.self)")
        }
        self.value = value
    }
}

struct Quote: Decodable {
    let price: StringNumber<Double>
    let volume: StringNumber<Int>
}

/// An empty object means "no value": read by an overload that synthesized code picks up.
struct Badge: Decodable {
    let label: String
}

extension KeyedDecodingContainer {
    func decodeIfPresent(_ type: Badge.Type, forKey key: K) throws -> Badge? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let fields = try? nestedContainer(keyedBy: AnyKey.self, forKey: key), fields.allKeys.isEmpty { return nil }
        return try decode(Badge.self, forKey: key)
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

struct Member: Decodable {
    let name: String
    let badge: Badge?
}

/// The model's own error type.
enum SandwichError: Error {
    case tooSpicy(level: Int)
}

struct Sandwich: Decodable {
    let spice: Int
    let note: String?

    enum CodingKeys: String, CodingKey { case spice, note }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        spice = try container.decode(Int.self, forKey: .spice)
        if spice > 5 { throw SandwichError.tooSpicy(level: spice) }
        // An error swallowed by try?: a note of the wrong kind is no note.
        note = try? container.decode(String.self, forKey: .note)
    }
}

/// The app's configured decoder, with a custom date closure.
struct Post: Decodable {
    let title: String
    let publishedAt: Date
}

func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .custom { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard text.hasPrefix("day "), let day = Double(text.dropFirst(4)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected 'day N', found \(text)")
        }
        return Date(timeIntervalSince1970: day * 86_400)
    }
    return decoder
}

import Foundation

// Hand-written decoding whose errors compiled mode fixes by editing the user's own init(from:)
// (decodeIfPresent at the line that threw, a default, a wider type). Written for this repository.

/// Every property read by hand, one key renamed.
struct Account: Decodable {
    let id: Int
    let name: String
    let tags: [String]
    let score: Int
    let nickname: String?

    enum CodingKeys: String, CodingKey { case id, name = "display_name", tags, score, nickname }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        tags = try container.decode([String].self, forKey: .tags)
        score = try container.decode(Int.self, forKey: .score)
        nickname = try container.decodeIfPresent(String.self, forKey: .nickname)
    }
}

/// A nested container opened by hand, the value inside it read by hand.
struct Parcel: Decodable {
    let label: String
    let grams: Int

    enum CodingKeys: String, CodingKey { case label, size }
    enum SizeKeys: String, CodingKey { case grams }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        let size = try container.nestedContainer(keyedBy: SizeKeys.self, forKey: .size)
        self.grams = try size.decode(Int.self, forKey: .grams)
    }
}

/// The same key read twice, as a string first (swallowed by `try?`), then as a number.
struct Price: Decodable {
    let amount: Double

    enum CodingKeys: String, CodingKey { case amount }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try? container.decode(String.self, forKey: .amount), let value = Double(text) {
            amount = value
        } else {
            amount = try container.decode(Double.self, forKey: .amount)
        }
    }
}

struct Cart: Decodable {
    let parcels: [Parcel]
}

/// An optional spelled `Optional<Int>`: a wider type at the call must widen the property too.
struct Reading: Decodable {
    // swift-format-ignore: UseShorthandTypeNames
    let level: Optional<Int>

    enum CodingKeys: String, CodingKey { case level }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        level = try container.decodeIfPresent(Int.self, forKey: .level)
    }
}

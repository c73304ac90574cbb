import Foundation

/// A quote whose numbers the API sends as strings: the hand-written `init(from:)` reads `bid`
/// as a `String` and converts it, and says where when the text is not a number.
struct Quote: Decodable {
    let symbol: String
    let bid: Double
    let ask: Double

    enum CodingKeys: String, CodingKey { case symbol, bid, ask }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        symbol = try container.decode(String.self, forKey: .symbol)
        let bidText = try container.decode(String.self, forKey: .bid)
        guard let bid = Double(bidText) else {
            throw DecodingError.dataCorruptedError(forKey: .bid, in: container, debugDescription: "\(bidText) is not a number")
        }
        self.bid = bid
        ask = try container.decode(Double.self, forKey: .ask)
    }
}

struct Quotes: Decodable {
    let quotes: [Quote]
}

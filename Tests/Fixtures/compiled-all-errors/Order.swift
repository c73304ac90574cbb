import Foundation

/// A leaf type with a hand-written init(from:): what sends the decode to compiled mode.
struct Cents: Decodable {
    var value: Int

    init(from decoder: Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
    }
}

struct Address: Decodable {
    var city: String
    var zip: String?
}

struct Item: Decodable {
    var sku: String
    var quantity: Int
}

struct Order: Decodable {
    var id: Int
    var customer: String
    var price: Cents
    var paid: Bool
    var tags: [String]
    var address: Address
    var note: String?
    var items: [Item]
}

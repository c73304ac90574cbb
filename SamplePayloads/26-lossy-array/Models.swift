import Foundation

/// Decodes a `T` where it can and keeps nil where it cannot: `try?` around `T(from:)`.
struct Failable<T: Decodable>: Decodable {
    let value: T?

    init(from decoder: Decoder) throws {
        value = try? T(from: decoder)
    }
}

struct Product: Decodable {
    let sku: String
    let price: Double
}

/// A catalogue that keeps the good products and drops the bad ones.
struct Catalogue: Decodable {
    let featured: [Product]
    let clearance: [Product]

    enum CodingKeys: String, CodingKey { case featured, clearance }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let featured = try container.decode([Failable<Product>].self, forKey: .featured)
        let clearance = try container.decode([Failable<Product>].self, forKey: .clearance)
        self.featured = featured.compactMap(\.value)
        self.clearance = clearance.compactMap(\.value)
    }
}

import Foundation

struct ProductCategory: Decodable {
    let category: String
    let products: [Product]
}

struct Product: Decodable {
    let name: String
    let price: Double
    let description: String
    let inStock: Bool
}

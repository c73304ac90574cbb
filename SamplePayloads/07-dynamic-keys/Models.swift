import Foundation

struct Store: Decodable {
    let store: String
    let skus: [String: Sku]
    let pickupSlots: [Date: Int]
}

struct Sku: Decodable {
    let name: String
    let price: Double
    let stock: Int
}

import Foundation

struct CartItem: Decodable {
    let sku: String
    let name: String
    let price: Double
    let quantity: Int
}

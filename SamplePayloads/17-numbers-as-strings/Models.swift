import Foundation

struct Quote: Decodable {
    let symbol: String
    let price: Double
    let change: Double
    let volume: Int
    let currency: String
}

import Foundation

struct Transaction: Decodable {
    let id: String
    let amount: Double
    let createdAt: Date
    let settledAt: Date?
}

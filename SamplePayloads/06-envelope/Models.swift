import Foundation

struct Movie: Decodable {
    let id: Int
    let title: String
    let year: Int
    let rating: Double
}

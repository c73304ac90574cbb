import Foundation

struct Element: Decodable {
    let id: String
    let title: String
    let author: Author
    let stats: Stats
    let labels: [String]
}

struct Author: Decodable {
    let name: String
    let karma: Int
}

struct Stats: Decodable {
    let views: Int
    let likes: Int
    let ratio: Double
}

import Foundation

struct PageEntity<T: Decodable>: Decodable {
    let page: Int
    let perPage: Int
    let total: Int
    let results: [T]
    let next: URL?
}

struct Song: Decodable {
    let title: String
    let artist: String
    let seconds: UInt16
    let explicit: Bool
}

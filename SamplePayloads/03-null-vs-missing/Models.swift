import Foundation

struct Team: Decodable {
    let team: String
    let members: [Member]
}

struct Member: Decodable {
    let id: Int
    let name: String
    let email: String
    let nickname: String?
}

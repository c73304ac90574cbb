import Foundation

struct User: Decodable {
    let id: Int
    let name: String
    let email: String?
}

struct APIError: Decodable {
    let error: String
    let message: String?
}

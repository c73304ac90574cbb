import Foundation

struct Order: Decodable {
    let orderId: String
    let items: Int
    let billing: Address
    let shipping: Address?
}

struct Address: Decodable {
    let street: String
    let city: String
    let zip: String
}

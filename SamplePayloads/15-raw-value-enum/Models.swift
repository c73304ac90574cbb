import Foundation

struct OrderList: Decodable {
    let orders: [Order]
}

struct Order: Decodable {
    let id: Int
    let status: OrderStatus
}

enum OrderStatus: String, Decodable {
    case pending
    case shipped
    case delivered
}

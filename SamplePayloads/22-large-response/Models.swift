import Foundation

struct OrdersResponse: Decodable {
    let object: String
    let apiVersion: String
    let hasMore: Bool
    let totalCount: Int
    let data: [Order]
    let nextCursor: String?
}

struct Order: Decodable {
    let id: String
    let status: Status
    let createdAt: Date
    let customer: Customer
    let shippingAddress: Address
    let lineItems: [LineItem]
    let total: Decimal
    let notes: String?

    enum Status: String, Decodable {
        case pending, paid, shipped, delivered, refunded
    }
}

struct Customer: Decodable {
    let id: Int
    let firstName: String
    let lastName: String
    let email: String
    let marketingOptIn: Bool
}

struct Address: Decodable {
    let line1: String
    let line2: String?
    let city: String
    let postalCode: String
    let countryCode: String
}

struct LineItem: Decodable {
    let sku: String
    let name: String
    let unitPrice: Decimal
    let quantity: Int
    let discount: Discount?
}

struct Discount: Decodable {
    let code: String
    let percent: UInt8
}

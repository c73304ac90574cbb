/// Model sources shared by the differential and location tests.
enum Fixtures {
    static let models = #"""
        struct Product: Codable {
            let id: Int
            let name: String
            let description: String
            let price: Double
            let tags: [String]?
            let discount: Discount?
        }
        struct Discount: Codable { let percent: UInt8; let code: String }
        struct ProductCategory: Codable {
            let title: String
            let products: [Product]
        }
        struct Renamed: Codable {
            let productID: Int
            let displayName: String
            var note: String = "none"
            enum CodingKeys: String, CodingKey { case displayName = "display_name", productID = "product_id" }
        }
        enum OrderStatus: String, Codable { case pending, shipped, delivered }
        enum Priority: Int, Codable { case low = 1, high = 5 }
        struct Order: Codable {
            let status: OrderStatus
            let priority: Priority?
        }
        enum Shape: Codable {
            case circle(radius: Double)
            case point
            case pair(Int, label: String?)
        }
        struct PageEntity<T: Codable>: Codable {
            let page: Int
            let results: [T]
        }
        struct Song: Codable { let title: String; let seconds: UInt16 }
        struct Account: Codable {
            let userName: String
            let lineItems: [LineItem]
        }
        struct LineItem: Codable { let unitPrice: Decimal; let itemCount: Int8 }
        struct Event: Codable { let name: String; let at: Date }
        struct Blob: Codable { let payload: Data; let link: URL; let id: UUID }
        struct Money: Codable { let amount: Decimal }
        struct Stats: Codable { let small: UInt8; let count: Int; let ratio: Double; let values: [Int64] }
        struct Inventory: Codable { let stock: [String: Product]; let counts: [Int: Int] }
        struct Floats: Codable { let x: Double; let y: Float }
        struct Maybe: Codable { let inner: Discount?; let list: [Discount?]; let nested: Int?? }
        final class Animal: Codable { let name: String }
        enum Color: String, Codable, CodingKeyRepresentable { case red, green }
        enum Size: String, Codable { case s, m }
        struct Palette: Codable { let byColor: [Color: Int]; let bySize: [Size: String] }
        struct IntKeyed: Codable {
            let a: Int
            let b: String
            enum CodingKeys: Int, CodingKey { case b = 2, a = 1 }
        }
        enum Command: Codable {
            case move(x: Int, y: Int)
            enum MoveCodingKeys: String, CodingKey { case y, x }
        }
        struct Empty: Codable {}
        struct Defaulted: Codable {
            let kind: String = "fixed"
            var note: String = "n"
            let id: Int
        }
        """#
}

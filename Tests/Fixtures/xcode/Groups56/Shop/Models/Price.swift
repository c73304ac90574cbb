import Foundation

#if SHOP_CENTS
struct Price: Codable {
    var cents: Int
}
#else
struct Price: Codable {
    var amount: Double
}
#endif

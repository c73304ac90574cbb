import Foundation

struct Product: Codable {
    var name: String
    var price: Price
    var currency: Currency
    #if DEBUG
    /// Sent by the staging server only; the Debug build requires it.
    var debugLabel: String
    #endif
}

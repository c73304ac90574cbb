import Foundation

/// The shop's name as the app shows it.
enum ShopInfo {
    static let name = "Shop"
}

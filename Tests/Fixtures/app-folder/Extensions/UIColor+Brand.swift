import UIKit

extension UIColor {
    static let brand = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
}

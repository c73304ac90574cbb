import Core
import Foundation
import Wrappers

/// `package` access: compiles only inside its package.
package struct User: Decodable {
    package let id: Identifier
    package let displayName: String
    @DefaultEmpty package var tags: [String]
    @LossyArray package var scores: [Int]
    package let joined: Date
}

import Foundation

struct FeatureFlag: Decodable {
    let name: String
    let enabled: Bool
    let rollout: Double
    let internalOnly: Bool
}

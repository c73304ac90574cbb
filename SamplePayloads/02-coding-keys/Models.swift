import Foundation

struct UserProfile: Decodable {
    let id: Int
    let displayName: String
    let avatarURL: URL
    let isVerified: Bool
    let followers: Int

    enum CodingKeys: String, CodingKey {
        case id = "user_id"
        case displayName = "display_name"
        case avatarURL = "avatar_url"
        case isVerified = "is_verified"
        case followers = "followers_count"
    }
}

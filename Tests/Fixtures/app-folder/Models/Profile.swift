import Foundation

struct Profile: Decodable {
    let bio: String
    let followers: Int

    enum CodingKeys: String, CodingKey {
        case bio, followers
    }

    /// The API sends `followers` as a number, or as a string of one.
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        bio = try container.decodeIfPresent(String.self, forKey: .bio) ?? ""
        if let text = try? container.decode(String.self, forKey: .followers), let number = Int(text) {
            followers = number
        } else {
            followers = try container.decode(Int.self, forKey: .followers)
        }
    }
}

import Foundation

extension User: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, name, joinedAt, role, profile, tags
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        joinedAt = try container.decode(Date.self, forKey: .joinedAt)
        role = try container.decode(Role.self, forKey: .role)
        profile = try container.decode(Profile.self, forKey: .profile)
        tags = try container.decode(DefaultEmpty.self, forKey: .tags).wrappedValue
    }
}

import Core

/// A hand-written init(from:) in the models target, reading a type of the core module.
struct Profile: Decodable {
    let id: Identifier
    let age: Int
    let nickname: String

    enum CodingKeys: String, CodingKey { case id, age, nickname }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Identifier.self, forKey: .id)
        age = try container.decode(Int.self, forKey: .age)
        nickname = try container.decode(String.self, forKey: .nickname)
    }
}

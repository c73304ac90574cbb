// Keys sent but never read (issue 39): User reads `nickname`, the payload sends `nick_name`; Pet
// reads only `kind`. Account decodes by hand in compiled mode, reading `id` and `owner`.
struct User: Decodable {
    var name: String
    var nickname: String?
    var pets: [Pet]
}

struct Pet: Decodable {
    var kind: String
}

struct Account: Decodable {
    var id: Int
    var owner: User

    enum CodingKeys: String, CodingKey { case id, owner }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        owner = try c.decode(User.self, forKey: .owner)
    }
}

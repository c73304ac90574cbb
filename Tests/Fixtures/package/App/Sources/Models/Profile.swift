import Core
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking  // a conditional import, as networking code has on Linux
#endif

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
        nickname = try container.decodeIfPresent(String.self, forKey: .nickname) ?? Self.defaultNickname()
    }

    /// The nickname when the payload has none: from the target's resources (Bundle.module).
    static func defaultNickname() throws -> String {
        let url = try Bundle.module.url(forResource: "Defaults", withExtension: "json").orThrow()
        let defaults = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
        return try defaults["nickname"].orThrow()
    }
}

struct MissingDefault: Error {}

extension Optional {
    func orThrow() throws -> Wrapped {
        guard let self else { throw MissingDefault() }
        return self
    }
}

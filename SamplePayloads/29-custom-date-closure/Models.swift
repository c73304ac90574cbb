import Foundation

/// The app's decoder: one `.custom` date closure reads the two ways this API writes a date,
/// seconds since 1970 (the old endpoints) and ISO 8601 text (the new ones).
func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            return Date(timeIntervalSince1970: seconds)
        }
        let text = try container.decode(String.self)
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not an ISO 8601 date: \(text)")
        }
        return date
    }
    return decoder
}

/// An event whose name the API may leave out: the hand-written `init(from:)` gives it one.
struct Event: Decodable {
    let name: String
    let startsAt: Date
    let endsAt: Date

    enum CodingKeys: String, CodingKey { case name, startsAt, endsAt }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? "Untitled"
        startsAt = try container.decode(Date.self, forKey: .startsAt)
        endsAt = try container.decode(Date.self, forKey: .endsAt)
    }
}

struct Schedule: Decodable {
    let events: [Event]
}

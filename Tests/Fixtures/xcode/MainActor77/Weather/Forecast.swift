import Foundation

struct Forecast: Decodable {
    var city: String
    var high: Double
    var unit: String
    var issued: Date

    enum CodingKeys: String, CodingKey {
        case city, high, unit, issued
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        city = try container.decode(String.self, forKey: .city)
        high = try container.decode(Double.self, forKey: .high)
        // Reads main-actor state: this compiles because the target's default isolation is MainActor.
        unit = try container.decodeIfPresent(String.self, forKey: .unit) ?? Units.shared.temperature
        issued = try container.decode(Date.self, forKey: .issued)
    }
}

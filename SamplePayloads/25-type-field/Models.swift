import Foundation

/// Each element names its case in `"type"`; the hand-written `init(from:)` reads `type`
/// first, then only the fields of that case.
enum Shape: Decodable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)

    enum CodingKeys: String, CodingKey { case type, radius, width, height }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "circle":
            self = .circle(radius: try container.decode(Double.self, forKey: .radius))
        case "rectangle":
            let width = try container.decode(Double.self, forKey: .width)
            let height = try container.decode(Double.self, forKey: .height)
            self = .rectangle(width: width, height: height)
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "Unknown shape \(type)")
        }
    }
}

struct Drawing: Decodable {
    let title: String
    let shapes: [Shape]
}

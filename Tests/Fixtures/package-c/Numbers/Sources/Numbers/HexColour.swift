import CNumbersParse

/// A colour written as hexadecimal text, read by the C parser.
public struct HexColour: Decodable, Sendable {
    public let rgb: Int

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        var value = 0
        guard numbers_parse_hex_colour(text, &value) == 1 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a hexadecimal colour")
        }
        rgb = value
    }
}

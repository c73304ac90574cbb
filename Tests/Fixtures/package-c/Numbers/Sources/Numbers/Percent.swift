import _NumbersShims

/// A whole percentage, clamped to 0...100 by the C shim; a fraction is refused as the app refuses it.
public struct Percent: Decodable, Sendable {
    public let value: Int

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = numbers_clamp(try container.decode(Int.self), 0, 100)
    }
}

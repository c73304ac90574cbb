/// An identifier the API sends as a number or as a string of digits: a hand-written init(from:).
public struct Identifier: Decodable, Hashable, Sendable {
    public var value: Int

    public init(value: Int) { self.value = value }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else {
            let text = try container.decode(String.self)
            guard let number = Int(text) else { throw IdentifierError.notDigits(text) }
            value = number
        }
    }
}

/// Thrown by the model's own code: its printed name carries the module (Core.IdentifierError).
public enum IdentifierError: Error {
    case notDigits(String)
}

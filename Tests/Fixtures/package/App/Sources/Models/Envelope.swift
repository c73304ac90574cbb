import Foundation

extension CodingUserInfoKey {
    /// The key the payload wraps its data under, set by the app's decoder.
    static let envelopeKey = CodingUserInfoKey(rawValue: "envelopeKey")!
}

/// A generic envelope: the data sits under a key the decoder's userInfo names.
struct Envelope<Wrapped: Decodable>: Decodable {
    let data: Wrapped

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        guard let name = decoder.userInfo[.envelopeKey] as? String else { throw EnvelopeError.noKey }
        let container = try decoder.container(keyedBy: Key.self)
        data = try container.decode(Wrapped.self, forKey: Key(stringValue: name))
    }
}

enum EnvelopeError: Error {
    case noKey
}

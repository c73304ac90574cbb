import Foundation

extension CodingUserInfoKey {
    /// Where the value sits in the response, as dot-separated keys: "data.tracks".
    static let keyPath = CodingUserInfoKey(rawValue: "keyPath")!
}

/// Any key, to follow a key path known only at run time.
struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A `T` found at the key path the decoder's `userInfo` names, so one type reads every
/// endpoint's envelope: the app sets the path on its decoder, not in a wrapper per response.
struct AtKeyPath<T: Decodable>: Decodable {
    let value: T

    init(from decoder: Decoder) throws {
        guard let path = decoder.userInfo[.keyPath] as? String else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "No key path in the decoder's userInfo"))
        }
        var keys = path.split(separator: ".").map { PathKey(stringValue: String($0)) }
        let last = keys.removeLast()
        var container = try decoder.container(keyedBy: PathKey.self)
        for key in keys {
            container = try container.nestedContainer(keyedBy: PathKey.self, forKey: key)
        }
        value = try container.decode(T.self, forKey: last)
    }
}

struct Track: Decodable {
    let title: String
    let seconds: Int
}

/// The app's decoder: it says where the tracks are.
func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.userInfo[.keyPath] = "data.tracks"
    return decoder
}

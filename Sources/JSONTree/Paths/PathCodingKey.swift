/// A coding key spelled the way `JSONDecoder` spells the keys of a coding path.
///
/// Object keys are string keys (`intValue` nil). Array positions are keys whose
/// `stringValue` is `"Index N"` and whose `intValue` is N, as `JSONDecoder`'s unkeyed
/// containers put them in `codingPath`.
public struct PathCodingKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int?

    /// The key of an object member.
    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// The key of the array element at `intValue`: `"Index N"`.
    public init(intValue: Int) {
        self.stringValue = PathComponent.indexKeyText(intValue)
        self.intValue = intValue
    }

    /// The key of an object member.
    public static func key(_ key: String) -> PathCodingKey { PathCodingKey(stringValue: key) }

    /// The key of an array element.
    public static func index(_ index: Int) -> PathCodingKey { PathCodingKey(intValue: index) }
}

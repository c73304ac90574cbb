/// One step of a coding path, or of a key path settled against a payload: an object key or an
/// array position.
///
/// The one place that knows how `JSONDecoder` writes an array position into a `codingPath`:
/// as a key whose `stringValue` is `"Index N"` and whose `intValue` is N (``init(_:)`` reads
/// it, ``codingKey`` writes it). ``NodePath/Component`` is a step as a person types it, which
/// may still be a bare number to settle; ``PathCodingKey`` is a step as a `CodingKey`.
public enum PathComponent: Sendable, Hashable, Codable, CustomStringConvertible {
    case key(String)
    case index(Int)

    /// The step of a `codingPath` key: an `"Index N"` key with `intValue` N is position N, every
    /// other key an object key by its `stringValue` (how `JSONDecoder` looks keys up, `Int`-keyed
    /// dictionaries included).
    public init(_ key: any CodingKey) {
        if let n = key.intValue, key.stringValue == Self.indexKeyText(n) {
            self = .index(n)
        } else {
            self = .key(key.stringValue)
        }
    }

    /// The step as `JSONDecoder` puts it in a `codingPath`.
    public var codingKey: PathCodingKey {
        switch self {
        case .key(let key): PathCodingKey(stringValue: key)
        case .index(let n): PathCodingKey(intValue: n)
        }
    }

    /// `name` for a key, `[2]` for a position.
    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let n): "[\(n)]"
        }
    }

    /// The `stringValue` of the coding key of array position `n`.
    static func indexKeyText(_ n: Int) -> String { "Index \(n)" }
}

/// One step of a key path or a coding path: an object key or an array position.
public enum PathComponent: Sendable, Hashable, CustomStringConvertible, Codable {
    case key(String)
    case index(Int)

    /// A coding key as JSONDecoder presents it: array positions are keys whose stringValue is "Index N".
    init(_ key: any CodingKey) {
        if let i = key.intValue, key.stringValue == "Index \(i)" {
            self = .index(i)
        } else {
            self = .key(key.stringValue)
        }
    }

    public var description: String {
        switch self {
        case .key(let k): k
        case .index(let i): "[\(i)]"
        }
    }
}

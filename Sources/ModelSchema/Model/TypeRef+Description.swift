extension TypeRef: CustomStringConvertible {
    /// The type as `String(describing: T.self)` prints it (`Array<Product>`), as JSONDecoder messages embed it.
    public var description: String {
        switch self {
        case .scalar(let s): s.swiftName
        case .optional(let t): "Optional<\(t)>"
        case .array(let t): "Array<\(t)>"
        case .set(let t): "Set<\(t)>"
        case .dictionary(let k, let v): "Dictionary<\(k), \(v)>"
        case .named(let n, let a):
            (n.split(separator: ".").last.map(String.init) ?? n)
                + (a.isEmpty ? "" : "<" + a.map(\.description).joined(separator: ", ") + ">")
        case .genericParameter(let p): p
        }
    }

    /// The type as a user writes it in Swift (`[Product]`, `Int?`).
    public var swiftSpelling: String {
        switch self {
        case .scalar(let s): s.swiftName
        case .optional(let t): t.swiftSpelling + "?"
        case .array(let t): "[\(t.swiftSpelling)]"
        case .set(let t): "Set<\(t.swiftSpelling)>"
        case .dictionary(let k, let v): "[\(k.swiftSpelling): \(v.swiftSpelling)]"
        case .named(let n, let a):
            n + (a.isEmpty ? "" : "<" + a.map(\.swiftSpelling).joined(separator: ", ") + ">")
        case .genericParameter(let p): p
        }
    }
}

extension NodePath {
    /// The path of a `DecodingError`'s `codingPath` (or any container's), from the document root.
    ///
    /// A key whose `stringValue` is `"Index N"` and whose `intValue` is N is array position N,
    /// as `JSONDecoder` writes them; every other key is an object key by its `stringValue`
    /// (which is how `JSONDecoder` looks keys up, `Int`-keyed dictionaries included). With a
    /// key-decoding strategy such as `.convertFromSnakeCase` the keys are the converted ones
    /// and may not match the payload's.
    public init(codingPath: [any CodingKey]) {
        self.init(
            codingPath.map { key -> Component in
                switch CodingPathComponent(key) {
                case let .key(key): .key(key)
                case let .index(n): .index(n)
                }
            })
    }

    /// The path as the coding path `JSONDecoder` reports for a value there.
    ///
    /// A bare number not yet settled by ``resolved(in:)`` is taken as a key here.
    public var codingPath: [PathCodingKey] {
        codingPathJSONComponents.map { component -> PathCodingKey in
            switch component {
            case let .key(key): .key(key)
            case let .index(n): .index(n)
            }
        }
    }

    /// The coding path as the `check` output renders it: keys as strings, positions as numbers.
    ///
    /// A bare number not yet settled by ``resolved(in:)`` is taken as a key here.
    public var codingPathJSONComponents: [CodingPathComponent] {
        components.map { component -> CodingPathComponent in
            switch component {
            case let .key(key): .key(key)
            case let .index(n): .index(n)
            case let .keyOrIndex(n): .key(String(n))
            }
        }
    }
}

extension NodePath {
    /// The path of a `DecodingError`'s `codingPath` (or any container's), from the document root.
    ///
    /// ``PathComponent/init(_:)`` reads each key. With a key-decoding strategy such as
    /// `.convertFromSnakeCase` the keys are the converted ones and may not match the payload's.
    public init(codingPath: [any CodingKey]) {
        self.init(codingPath.map { Component(PathComponent($0)) })
    }

    /// The path as the coding path `JSONDecoder` reports for a value there.
    ///
    /// A bare number not yet settled by ``resolved(in:)`` is taken as a key here.
    public var codingPath: [PathCodingKey] {
        codingPathComponents.map(\.codingKey)
    }

    /// The steps of the coding path: keys, and positions as numbers.
    ///
    /// A bare number not yet settled by ``resolved(in:)`` is taken as a key here.
    public var codingPathComponents: [PathComponent] {
        components.map(\.codingStep)
    }
}

extension NodePath.Component {
    /// The step of a coding path, as a path step.
    public init(_ step: PathComponent) {
        switch step {
        case .key(let key): self = .key(key)
        case .index(let n): self = .index(n)
        }
    }

    /// The step as a coding path has it; a bare number not yet settled is taken as a key.
    public var codingStep: PathComponent {
        switch self {
        case .key(let key): .key(key)
        case .index(let n): .index(n)
        case .keyOrIndex(let n): .key(String(n))
        }
    }
}

/// The JSON kind of a node in a ``JSONTree``.
public enum NodeKind: UInt8, Sendable, CaseIterable {
    case object = 0
    case array = 1
    case string = 2
    case number = 3
    case bool = 4
    case null = 5

    /// Whether nodes of this kind can have children.
    public var isContainer: Bool { self == .object || self == .array }

    /// The word people use for this kind: "an object", "a string", ...
    public var phrase: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// The bare name of the kind: "object", "string", ...
    public var name: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }
}

/// The position of a node in a ``JSONTree``'s table. Node 0 is the root.
public typealias NodeID = Int

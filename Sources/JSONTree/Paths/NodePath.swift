/// The address of a node in a JSON document: the keys and indices from the root to it.
///
/// A worked example. In `{"results": [{"name": "a"}, {"tags": ["x", "y"]}]}` the string
/// `"y"` is at
///
///     components  [.key("results"), .index(1), .key("tags"), .index(1)]
///     description $.results[1].tags[1]
///     jsonPointer /results/1/tags/1
///     codingPath  ["results", "Index 1" (intValue 1), "tags", "Index 1" (intValue 1)]
///
/// A path typed by a person may hold a bare number, as in `results.1.tags.1`: whether `1` is
/// an index or a key depends on the node it is applied to (an array or an object), so parsing
/// keeps it as ``Component/keyOrIndex(_:)`` and ``resolved(in:)`` settles it against a tree.
/// Paths made from a tree (``init(of:in:)``) or from a coding path are always resolved.
public struct NodePath: Hashable, Sendable {
    /// One step of a path.
    public enum Component: Hashable, Sendable, Codable {
        /// The member of an object with this key (unescaped, as in the payload).
        case key(String)
        /// The element of an array at this position, from 0.
        case index(Int)
        /// A bare number written after a dot or in a JSON Pointer: an index when the node there
        /// is an array, the key with this number's digits when it is an object.
        case keyOrIndex(Int)
    }

    /// The steps from the root; empty for the root itself.
    public var components: [Component]

    /// A path made of these steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path of the document root (`$`).
    public static let root = NodePath()

    /// Whether this is the root's path.
    public var isRoot: Bool { components.isEmpty }

    /// Whether every step is a key or an index (no bare number still to be settled).
    public var isResolved: Bool {
        !components.contains { if case .keyOrIndex = $0 { true } else { false } }
    }

    /// The path of the container one step up; nil for the root.
    public var parent: NodePath? {
        isRoot ? nil : NodePath(Array(components.dropLast()))
    }

    /// This path with one more step.
    public func appending(_ component: Component) -> NodePath {
        NodePath(components + [component])
    }
}

extension NodePath.Component {
    /// The key this step names in an object: a key's text, or a bare number's digits.
    public var keyText: String? {
        switch self {
        case let .key(key): key
        case let .keyOrIndex(n): String(n)
        case .index: nil
        }
    }
}

/// A path crosses the worker boundary (a decode job's key path, a value query's node) as the
/// array of its steps.
extension NodePath: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([Component].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(components)
    }
}

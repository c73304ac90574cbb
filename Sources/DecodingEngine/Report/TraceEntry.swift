import JSONTree

/// One container call of the schema-driven `init(from:)`, as the teaching view lists them:
/// `container(keyedBy: CodingKeys.self)`, `decode(String.self, forKey: .name)`, ...
public struct TraceEntry: Sendable, Hashable, Codable {
    /// What a compiled trace says a call threw when the model's code caught the error and went on
    /// (the error itself is in ``DecodeReport/caught``).
    public static let caughtDescription = "(the model's code caught this error and went on)"

    public enum Outcome: Sendable, Hashable, Codable {
        /// The call returned: a container, or a value rendered as JSON.
        case returned(String)
        /// The call threw: the `DecodingError` case and its debugDescription.
        case threw(kind: LocatedDecodingError.Kind, debugDescription: String)
    }

    /// The call as Swift source.
    public var call: String
    /// The node the call is about (the value read, or the container's node).
    public var node: NodeID?
    /// How many `init(from:)` calls deep it was made: nested types indent.
    public var depth: Int
    public var outcome: Outcome
    /// Compiled mode: what the runner's trace knows to tie the call to the user's own source.
    public var site: CompiledCallSite?

    public init(call: String, node: NodeID?, depth: Int, outcome: Outcome, site: CompiledCallSite? = nil) {
        self.call = call
        self.node = node
        self.depth = depth
        self.outcome = outcome
        self.site = site
    }

    /// A container call as Swift: `decode(String.self, forKey: "name")`,
    /// `nestedContainer(keyedBy: …, forKey: "profile")`, `unkeyedContainer()`. `type` is spelled as
    /// given (the runtime's name sugared, or the user's source's spelling); `key` is the key's
    /// `stringValue` as the call ran, written as a string literal.
    public static func callText(method: String, type: String?, key: String?) -> String {
        let key = key.map { "\"\($0)\"" }
        switch method {
        case "container": return "container(keyedBy:)"
        case "unkeyedContainer", "singleValueContainer",
            "decodeNil" where key == nil:
            return "\(method)()"
        case "allKeys": return "allKeys"
        case "nestedContainer": return "nestedContainer(keyedBy: …\(key.map { ", forKey: \($0)" } ?? ""))"
        case "decode", "decodeIfPresent":
            let type = type.map { "\($0).self" } ?? "…"
            return "\(method)(\(type)\(key.map { ", forKey: \($0)" } ?? ""))"
        default: return "\(method)(\(key.map { "forKey: \($0)" } ?? ""))"
        }
    }
}

/// A compiled-mode call as the runner's tracing decoder saw it, enough to find its line in a
/// hand-written `init(from:)`: whose initializer made it, which container method, which key (its
/// `stringValue`, as the model's key gives it), how many containers below that initializer's
/// decoder, and the type it asked for.
public struct CompiledCallSite: Sendable, Hashable, Codable {
    public enum Container: String, Sendable, Hashable, Codable { case decoder, keyed, unkeyed, single }

    /// The model type whose `init(from:)` made the call, as the schema names it (`Zoo.Animal`, `Page`).
    public var owner: String
    public var container: Container
    /// `decode`, `decodeIfPresent`, `contains`, `nestedContainer`, `container`, …
    public var method: String
    public var key: String?
    /// How many containers below the owner's decoder the call's container is (0: its own).
    public var depth: Int
    /// The type asked for, as `String(describing:)` prints it (`String`, `Array<Song>`).
    public var type: String?

    public init(owner: String, container: Container, method: String, key: String?, depth: Int, type: String?) {
        self.owner = owner
        self.container = container
        self.method = method
        self.key = key
        self.depth = depth
        self.type = type
    }
}

import DecodingEngine
import JSONTree
import ModelSchema

/// Errors that are the same mistake: the same kind and reason, about the same property (or
/// missing key) of the same model type, met in many records. They are explained and their
/// fixes verified once, and shown as one line: `✖ 24 × keyNotFound "org" in GitHubEvent`.
public struct ErrorGroup: Sendable, Hashable, Codable {
    /// `keyNotFound "org" in GitHubEvent`.
    public var title: String
    /// Indices into the report's errors, in order; the first is the one shown in full.
    public var errors: [Int]

    public init(title: String, errors: [Int]) {
        self.title = title
        self.errors = errors
    }

    /// What makes two errors the same mistake.
    struct Identity: Hashable {
        var kind: LocatedDecodingError.Kind
        var reason: LocatedDecodingError.Reason?
        var key: String?
        var expectedType: String?
        var property: String?
        var owner: TypeRef?
    }

    /// The report's errors grouped by identity, groups in the order of their first error.
    static func groups(of errors: [LocatedDecodingError], typed: NodeTypes) -> [ErrorGroup] {
        var order: [Identity] = []
        var members: [Identity: [Int]] = [:]
        var titles: [Identity: String] = [:]
        for (index, error) in errors.enumerated() {
            let entry = error.node.flatMap { typed[$0] }
            let identity: Identity
            let title: String
            if error.kind == .keyNotFound {
                let owner = entry?.type
                identity = Identity(kind: error.kind, reason: error.reason, key: error.key, expectedType: nil, property: nil, owner: owner)
                title = "keyNotFound \(ValueSummary.quoted(error.key ?? ""))" + (owner.map { " in \($0.description)" } ?? "")
            } else {
                let property = error.property?.name ?? entry?.property?.name
                let owner = entry?.owner
                // Without a property, the coding path with every array position as `[*]`.
                let shape = error.codingPath.map { if case .key(let k) = $0 { k } else { "[*]" } }.joined(separator: ".")
                identity = Identity(
                    kind: error.kind, reason: error.reason, key: nil, expectedType: error.expectedType,
                    property: property ?? shape, owner: owner)
                title =
                    (property.map { "\(error.kind.rawValue) \(ValueSummary.quoted($0))" } ?? error.heading)
                    + (owner.map { " in \($0.description)" } ?? "")
            }
            if members[identity] == nil {
                order.append(identity)
                titles[identity] = title
            }
            members[identity, default: []].append(index)
        }
        return order.map { ErrorGroup(title: titles[$0] ?? "", errors: members[$0] ?? []) }
    }
}

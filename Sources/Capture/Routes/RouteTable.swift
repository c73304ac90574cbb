import JSONTree

/// The rules of a routes file, in order: the first that matches a response decides its type.
/// A single `--type` is a table of one rule for every path.
public struct RouteTable: Sendable, Hashable {
    public var rules: [RouteRule]
    /// The file the rules were read from (named in errors about them); nil for `--type`.
    public var file: String?

    public init(rules: [RouteRule], file: String? = nil) {
        self.rules = rules
        self.file = file
    }

    /// `--type TYPE` (and `--path`): every successful response, whatever its method and path.
    public static func single(_ typeExpression: String, at path: NodePath = .root) -> RouteTable {
        RouteTable(rules: [
            RouteRule(
                method: nil, pattern: RoutePattern(segments: [.rest], description: "/**"), typeExpression: typeExpression, path: path)
        ])
    }

    /// The first rule covering the entry, nil when none does.
    public func rule(for entry: CaptureEntry) -> RouteRule? {
        let path = RoutePath(entry.path ?? "/")
        let method = entry.method?.uppercased()
        return rules.first { $0.matches(capitalMethod: method, path: path, status: entry.status) }
    }

    /// The distinct type expressions, in the order the rules name them (one compile serves them all).
    public var typeExpressions: [String] {
        var seen = Set<String>()
        return rules.map(\.typeExpression).filter { seen.insert($0).inserted }
    }
}

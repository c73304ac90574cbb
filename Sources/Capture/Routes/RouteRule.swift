import JSONTree

/// One rule of a routes file: which responses (method, path pattern, statuses) the type
/// expression decodes, and at which key path.
public struct RouteRule: Sendable, Hashable {
    /// The method in capitals; nil for `*`.
    public var method: String?
    public var pattern: RoutePattern
    /// As `--type` takes it: `User`, `[User]`, `Page<Song>`.
    public var typeExpression: String
    /// Where in the body the type is decoded (`at data`); the root without `at`.
    public var path: NodePath
    public var statuses: StatusSet
    /// The rule's line in the routes file, and the column its type expression starts at.
    public var line: Int
    public var typeColumn: Int

    public init(
        method: String?, pattern: RoutePattern, typeExpression: String, path: NodePath = .root, statuses: StatusSet = .success,
        line: Int = 0, typeColumn: Int = 0
    ) {
        self.method = method
        self.pattern = pattern
        self.typeExpression = typeExpression
        self.path = path
        self.statuses = statuses
        self.line = line
        self.typeColumn = typeColumn
    }

    /// `GET /v1/users/{id}`: how the rule is named beside an entry.
    public var name: String { "\(method ?? "*") \(pattern)" }

    /// Whether the rule covers a response to `method` (in capitals: an entry's is put in capitals
    /// once for every rule, ``RouteTable/rule(for:)``; once a rule, it was a tenth of a capture's
    /// reading) at `path` with `status`.
    public func matches(capitalMethod method: String?, path: RoutePath, status: Int?) -> Bool {
        if let own = self.method, own != method { return false }
        return pattern.matches(path) && statuses.contains(status)
    }
}

import JSONTree

/// A mistake in a routes file, at its line and column (1-based, in characters). Turned into
/// words in CaptureMessages.swift: `routes.txt:3:18: error: …`.
public struct RouteError: Error, Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// A rule with a method and nothing after it.
        case missingPattern
        /// A rule with a method and a pattern but no type expression.
        case missingType
        /// A method that is neither `*` nor a word of letters.
        case badMethod(String)
        /// A pattern that is not a URL path (`users/{id}`, `https://…`).
        case patternNotPath(String)
        /// A segment that mixes a `{name}` or `*` with other text (`v{n}`, `a*`), or an empty `{}`.
        case badSegment(String)
        /// `**` anywhere but last.
        case restNotLast
        /// A `[`, `<` or `(` in the type expression without its closing partner, or a stray closer.
        case unbalanced(String)
        /// `at` or `status` with nothing after it.
        case missingValue(keyword: String)
        /// `at` or `status` given twice.
        case repeated(keyword: String)
        /// A word after the type that is neither `at` nor `status`.
        case unexpected(String)
        /// The key path after `at` does not parse.
        case keyPath(NodePath.ParseError)
        /// An item of a status list that is neither a code (`404`) nor a class (`4xx`).
        case badStatus(String)
        /// The routes file cannot be read.
        case unreadable(String)
        /// The type expression is not one the model can decode (the engine's own words).
        case type(String)
    }

    public var file: String
    public var line: Int
    public var column: Int
    public var reason: Reason

    public init(file: String, line: Int, column: Int, reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }
}

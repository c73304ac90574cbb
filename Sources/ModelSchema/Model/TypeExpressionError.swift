/// Why a type expression such as `[Product]` could not be resolved.
public enum TypeExpressionError: Error, Sendable, Hashable {
    case syntax(expression: String)
    case unknownType(String, nearMatches: [String])
    case wrongGenericArgumentCount(String, expected: Int, found: Int)
    case notDecodable(String)
    case unsupported(String)
    /// The expression nests deeper than the tool parses; the location is a column in it.
    case nestingTooDeep(expression: String, NestingLimit)
    case cyclicTypeAlias(String)
}

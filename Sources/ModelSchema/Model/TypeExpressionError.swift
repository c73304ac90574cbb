/// Why a type expression such as `[Product]` could not be resolved.
public enum TypeExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    case syntax(expression: String)
    case unknownType(String, nearMatches: [String])
    case wrongGenericArgumentCount(String, expected: Int, found: Int)
    case notDecodable(String)
    case unsupported(String)
    /// The expression nests deeper than the tool parses; the location is a column in it.
    case nestingTooDeep(expression: String, NestingLimit)
    case cyclicTypeAlias(String)

    public var description: String {
        switch self {
        case .syntax(let e): "'\(e)' is not a Swift type"
        case .unknownType(let name, let near):
            "Unknown type '\(name)'" + (near.isEmpty ? "" : "; close matches: " + near.joined(separator: ", "))
        case .wrongGenericArgumentCount(let name, let expected, let found):
            "'\(name)' takes \(expected) generic argument(s) but \(found) were given"
        case .notDecodable(let t): "\(t) is not Decodable"
        case .unsupported(let t): "\(t) cannot be interpreted"
        case .nestingTooDeep(_, let limit): "column \(limit.column): \(limit.message)"
        case .cyclicTypeAlias(let name): "type alias '\(name)' references itself"
        }
    }
}

/// What a cell means; the backend decides how that looks (colours, bold, or nothing
/// under NO_COLOR). Keeping meaning apart from colour keeps screens testable as text.
public enum Style: UInt8, Hashable, Sendable, CaseIterable {
    case plain, punctuation, key, string, number, bool, null, preview, count
    case dimmed, escaped, error, warning, success, decodeRoot, ghost
    case cursor, header, status, hint, border
    /// A key or value that matches the search.
    case match

    /// The marker a text snapshot writes where this style begins (`plain` has none).
    public var snapshotTag: String {
        switch self {
        case .plain: ""
        case .punctuation: "p"
        case .key: "k"
        case .string: "s"
        case .number: "n"
        case .bool: "b"
        case .null: "z"
        case .preview: "v"
        case .count: "c"
        case .dimmed: "d"
        case .escaped: "x"
        case .error: "E"
        case .warning: "W"
        case .success: "OK"
        case .decodeRoot: "R"
        case .ghost: "G"
        case .cursor: "C"
        case .header: "H"
        case .status: "S"
        case .hint: "h"
        case .border: "B"
        case .match: "M"
        }
    }
}

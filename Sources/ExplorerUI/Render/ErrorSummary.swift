import DecodingEngine
import JSONTree
import Teaching

/// A decoding error in a few words, for the note at the right of its row and for a call that
/// threw it: `expected Double, found a string`, `missing key `description``. Built from what
/// the engine decided (kind, reason, expected type) and the node's JSON kind, never from
/// Foundation's message; the detail pane below keeps Foundation's words whole.
struct ErrorSummary {
    let error: LocatedDecodingError
    let tree: JSONTree

    init(_ error: LocatedDecodingError, tree: JSONTree) {
        self.error = error
        self.tree = tree
    }

    /// `typeMismatch: expected Double, found a string`: the kind, then the summary.
    var note: String { "\(error.kind.rawValue): " + summary }

    /// The note as fully as room allows: with the kind, else the summary alone (the detail
    /// pane names the kind).
    var notes: [String] { [note, summary] }

    /// The summary alone.
    var summary: String {
        // Foundation's `Array<Any>` names no element type: "an array".
        let expected = error.expectedType.map { TerminalSafeText.escape(SwiftTypeName.short(foundation: $0)) }
        switch error.kind {
        case .keyNotFound:
            return error.key.map { "missing key `\(TerminalSafeText.escape($0))`" } ?? "a required key is missing"
        case .typeMismatch:
            return "expected \(expected ?? "another type"), found \(found)"
        case .valueNotFound:
            // Null, or (read past an array's end) no value at all.
            let none = error.node.map { $0 < tree.nodeCount && tree.kind($0).isContainer } ?? true
            return "expected \(expected ?? "a value"), found \(none ? "no value" : found)"
        case .dataCorrupted:
            if let reason = error.reason { return Self.words(for: reason) }
            return TerminalSafeText.escape(error.debugDescription)
        case .other:
            return "thrown by the model's code" + (error.errorType.map { ": " + TerminalSafeText.escape($0) } ?? "")
        }
    }

    /// The JSON kind of the node the error is about: `a string`, `null`, `nothing` (no node).
    private var found: String {
        guard let node = error.node, node < tree.nodeCount else { return "nothing" }
        return tree.kind(node).phrase
    }

    private static func words(for reason: LocatedDecodingError.Reason) -> String {
        switch reason {
        case .numberDoesNotFit: "the number does not fit its type"
        case .badKey: "a key of this object is not valid JSON"
        case .enumKeyCount: "needs exactly one key, the enum case"
        case .invalidRawValue: "not one of the enum's raw values"
        case .iso8601Date: "not an ISO 8601 date"
        case .dateFormat: "not a date in the formatter's format"
        case .invalidURL: "not a URL"
        case .invalidBase64: "not base64"
        case .invalidJSON: "not valid JSON"
        case .elementTimedOut: "its decode hangs"
        case .elementCrashed: "its decode crashes"
        }
    }
}

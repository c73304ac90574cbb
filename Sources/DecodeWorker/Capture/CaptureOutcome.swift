import Capture
import DecodingEngine

/// What checking one entry of a capture came to: the entry (its body left out once decoded), the
/// rule that routed it, its verdict, and, when it was decoded, everything the worker answered for
/// that body alone, as `check` would have for it. Typed for whatever shows it: `check`'s text and
/// JSON, a list of entries.
public struct CaptureOutcome: Sendable {
    /// The entry as read; a decoded body's bytes are left out (`.bytes([])`): they are handed
    /// beside the outcome, once.
    public var entry: CaptureEntry
    /// The rule that decided the type (nil: unmapped, skipped, or `--type` for every entry).
    public var rule: RouteRule?
    /// The type expression the body was decoded with.
    public var typeExpression: String?
    public var verdict: EntryVerdict
    /// Why it was skipped or not mapped, or why its decode did not finish, in words.
    public var reason: String?
    /// The response's status is 4xx or 5xx: an error body, decoded only by a rule that covers it.
    public var errorResponse: Bool
    /// What the worker answered for the body (nil when it was not decoded).
    public var run: DecodeClient.Run?
    /// Why the decode could not run at all (a type the model does not have, a model that does
    /// not compile): the whole check stops on it, naming the rule.
    public var failure: WorkerFailure?

    public init(entry: CaptureEntry, verdict: EntryVerdict, errorResponse: Bool) {
        self.entry = entry
        self.verdict = verdict
        self.errorResponse = errorResponse
    }

    /// The number of decoding errors (0 unless it fails).
    public var errorCount: Int { run?.report?.errors.count ?? 0 }
}

/// How many entries came to each verdict.
public struct CaptureSummary: Sendable, Hashable, Codable {
    public var entries = 0
    public var decodes = 0
    public var fails = 0
    public var unmapped = 0
    public var skipped = 0
    /// Entries whose status is 4xx or 5xx (whatever their verdict).
    public var errorResponses = 0
    /// Error responses that no rule covers (counted in `unmapped` too).
    public var unmappedErrorResponses = 0

    public init() {}

    public mutating func add(_ outcome: CaptureOutcome) {
        entries += 1
        switch outcome.verdict {
        case .decodes: decodes += 1
        case .fails: fails += 1
        case .unmapped: unmapped += 1
        case .skipped: skipped += 1
        }
        if outcome.errorResponse { errorResponses += 1 }
        if outcome.errorResponse, outcome.verdict == .unmapped { unmappedErrorResponses += 1 }
    }
}

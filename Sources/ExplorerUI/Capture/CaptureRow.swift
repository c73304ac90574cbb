import Capture
import JSONTree

/// One entry of a capture as its list shows it: the request and response as the reader made
/// them (credentials already masked, ``CredentialMask``), the rule that routes it, and its mark.
/// Made once when the list opens; the body is not kept (it is read again when the entry opens).
public struct CaptureRow: Sendable, Hashable {
    public var index: Int
    public var method: String?
    /// The URL, credential query values masked.
    public var url: String?
    /// The URL's path, which routes match.
    public var path: String?
    public var status: Int?
    /// The body's size in bytes; nil when there is no body to decode.
    public var byteCount: Int?
    /// The rule whose type decodes the body (nil: skipped or unmapped).
    public var rule: RouteRule?
    /// The response's headers, credential values masked.
    public var responseHeaders: [CaptureHeader]
    public var mark: CaptureMark

    /// The row of an entry: its plan (``EntryPlan``) says at once what is skipped or unmapped;
    /// a body to decode is ``CaptureMark/checking`` until the session's verdict comes.
    public init(_ entry: CaptureEntry, routes: RouteTable) {
        index = entry.index
        method = entry.method
        url = entry.url
        path = entry.path
        status = entry.status
        responseHeaders = entry.responseHeaders
        byteCount = entry.body.byteCount
        switch EntryPlan(entry, routes: routes) {
        case .decode(let rule, _):
            self.rule = rule
            mark = .checking
        case .skip(let reason):
            mark = .skipped(reason.description)
        case .unmapped(let errorResponse):
            mark = errorResponse ? .errorResponse : .unmapped
        }
    }

    /// Whether `]f` stops here: the body does not decode with its route's type.
    public var isFailing: Bool {
        if case .fails = mark { return true }
        return false
    }
}

/// What the list says of an entry: its verdict, or that the session has not answered yet.
public enum CaptureMark: Sendable, Hashable {
    /// The worker session has not answered for it yet.
    case checking
    case decodes
    /// It does not decode: `errors` decoding errors (0 when the decode itself ended, a crash or
    /// the time limit), and the first error's words.
    case fails(errors: Int, first: String?)
    /// A 4xx or 5xx that no rule covers: an error body, never decoded as the success type.
    case errorResponse
    /// No rule covers it.
    case unmapped
    /// Nothing to decode, and why (no body recorded, no content, not JSON).
    case skipped(String)

    /// The mark a checked entry gets from its outcome.
    public init(_ outcome: CaptureOutcomeSummary) {
        switch outcome.verdict {
        case .decodes: self = .decodes
        case .fails: self = .fails(errors: outcome.errorCount, first: outcome.firstError)
        case .unmapped: self = outcome.errorResponse ? .errorResponse : .unmapped
        case .skipped: self = .skipped(outcome.reason ?? "")
        }
    }
}

/// What the list keeps of an entry's outcome (``DecodeWorker/CaptureOutcome``): no body, no report.
public struct CaptureOutcomeSummary: Sendable, Hashable {
    public var index: Int
    public var verdict: EntryVerdict
    public var errorResponse: Bool
    public var errorCount: Int
    /// The first decoding error in `check`'s words, or why the decode did not finish.
    public var firstError: String?
    public var reason: String?

    public init(
        index: Int, verdict: EntryVerdict, errorResponse: Bool, errorCount: Int = 0, firstError: String? = nil, reason: String? = nil
    ) {
        self.index = index
        self.verdict = verdict
        self.errorResponse = errorResponse
        self.errorCount = errorCount
        self.firstError = firstError
        self.reason = reason
    }
}

import DecodingEngine

/// What teaching says of one error the model's own code caught (``DecodeReport/caught``): the
/// leniency that caught it, what this payload lost to it, counted, and the two ways out, each
/// compiled and decoded again: the strict model, which fails loudly with the error Foundation threw,
/// and where one exists a lenient one that keeps the value.
public struct CaughtLesson: Sendable, Hashable, Codable {
    /// The leniency in words: `the @LossyArray wrapper leaves out each element whose decode throws`.
    public var leniency: String
    /// What the payload lost to it, counted from the ledger and the payload: `1 of 3 elements
    /// dropped`, `a string, "yes" became the default false`; `nothing` for a probe.
    public var lost: String
    /// The edit that makes the model fail loudly on this value, verified; nil when none was found or
    /// verified (``strictNote`` says why).
    public var strict: CaughtFix?
    /// Why there is no strict edit, when there is none.
    public var strictNote: String?
    /// An edit that keeps the value the leniency lost (a number sent as text read as the number),
    /// verified; nil when there is none.
    public var lenient: CaughtFix?

    public init(leniency: String, lost: String, strict: CaughtFix? = nil, strictNote: String? = nil, lenient: CaughtFix? = nil) {
        self.leniency = leniency
        self.lost = lost
        self.strict = strict
        self.strictNote = strictNote
        self.lenient = lenient
    }
}

/// An edit of the model offered for a caught error, and what decoding the payload again with it
/// showed.
public struct CaughtFix: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The model fails loudly: the wrapper taken off, `try?` made `try`, the `catch` throws again.
        case strict
        /// The model keeps the value it lost (a lossless value wrapper for a number sent as text).
        case keepsValue
    }

    /// What decoding the payload again with the edit showed (compiled and decoded again).
    public enum Verdict: Sendable, Hashable, Codable {
        /// The strict model throws this error, the one Foundation threw and the code caught.
        case throwsCaughtError(heading: String, debugDescription: String)
        /// The payload decodes, and this value is no longer lost.
        case keepsValue(decodes: Bool)

        /// `✓ verified (compiled and decoded again): the strict model throws typeMismatch at …`.
        public var text: String {
            switch self {
            case .throwsCaughtError(let heading, let said):
                "✓ verified (compiled and decoded again): the strict model throws \(heading): \(said)"
            case .keepsValue(let decodes):
                "✓ verified (compiled and decoded again): \(decodes ? "decodes" : "the same verdict"), and the value is no longer lost"
            }
        }
    }

    public var kind: Kind
    /// One line: `Take @LossyArray off items`.
    public var title: String
    /// What the change does, in plain words.
    public var detail: String
    public var changes: [FileChange]
    public var verdict: Verdict

    public init(kind: Kind, title: String, detail: String, changes: [FileChange], verdict: Verdict) {
        self.kind = kind
        self.title = title
        self.detail = detail
        self.changes = changes
        self.verdict = verdict
    }
}

import DecodingEngine
import ModelSchema

/// Everything `check` says about one decode, typed: the verdict, how it was reached, the decoded
/// value and the teaching. ``CheckJSON`` and ``CheckText`` render it, each in one place.
public struct CheckResult: Sendable {
    public var report: DecodeReport
    /// The type expression as the user wrote it (the contract's `type`).
    public var typeExpression: String
    /// The decoded type as Swift spells it (the text's), once the worker said.
    public var typeSpelling: String
    /// The key path decoded at, in contract form (`$` for the root).
    public var path: String
    /// Which way decided, and why compiled when it was.
    public var mode: DecodeMode = .schema
    public var modeReason: String?
    /// The decoded value already rendered as the contract's JSON (the worker sends it so); nil to
    /// render `report.value`.
    public var valueJSON: ValueJSON?
    /// The explanations, the warnings and (when verified) the fixes.
    public var teaching: TeachingReport?
    /// Whether the fixes are shown (`--fixes` with JSON; text unless `--no-fixes`).
    public var showsFixes = false
    /// Why the teaching asked for is missing (the worker crashed while verifying fixes).
    public var teachingNote: String?
    /// Whether the keys sent but never read were asked for (`--unread-keys`, `--strict keys`).
    public var listsUnreadKeys = false
    /// The model folder's files left out of the decode (they import what this platform cannot build).
    public var leftOut: LeftOutFiles?
    /// Schema mode: where the model's own code may catch an error schema mode cannot see
    /// (`Models.swift:12:9: Profile's init(from:) catches errors`); nil when nothing could catch.
    public var unseenCatch: String?

    /// The note `check` prints once for ``unseenCatch``.
    public var unseenCatchNote: String? { Self.unseenCatchNote(unseenCatch) }

    /// `schema mode runs none of the model's code … compiled mode would show them (--mode compiled)`.
    public static func unseenCatchNote(_ unseenCatch: String?) -> String? {
        unseenCatch.map {
            "schema mode runs none of the model's code and cannot see the errors it catches (\($0)); compiled mode would show them (--mode compiled)"
        }
    }

    public init(report: DecodeReport, typeExpression: String, typeSpelling: String? = nil, path: String) {
        self.report = report
        self.typeExpression = typeExpression
        self.typeSpelling = typeSpelling ?? typeExpression
        self.path = path
    }

    /// The teaching's explanation of error `index`, when it came.
    func explanation(of index: Int) -> Explanation? {
        guard let lessons = teaching?.lessons, lessons.indices.contains(index) else { return nil }
        return lessons[index].explanation
    }

    /// The fixes shown, when they are.
    var shownFixes: TeachingReport? { showsFixes ? teaching : nil }
}

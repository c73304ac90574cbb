import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// What the worker child sends back for one ``DecodeJob``, in this order: the verdict
/// (``report(_:_:)``), then the decoded value when the job asks for it (``value(_:)`` or
/// ``valueJSON(_:)``), then, when the job asks for it and there are errors, the teaching, then
/// ``end``; or a typed failure instead of any of them (a failure also ends the stream). A job that
/// asks for its value on demand then gets one ``nodeValue(query:_:)`` for each ``ValueQuery`` it
/// sends. The reader reads until ``end`` or a failure: it never counts what is still to come. The parent's ``DecodeClient`` adds the failures only it can
/// see (the child crashed, was killed, was cancelled).
public enum WorkerReply: Sendable, Hashable, Codable {
    /// Foundation's verdict, located, with what the child settled while preparing.
    case report(DecodeReport, PreparedFacts)
    /// Compiled mode is compiling the model with swiftc (and the runner library first, once per
    /// toolchain) before it decodes: sent before the report, only when the runner is not in the cache.
    case compiling(CompileStart)
    /// The compile that ``compiling(_:)`` announced is done (in this many seconds): the decode runs now.
    case compiled(seconds: Double)
    /// The decoded value as a tree (``DecodeJob/ValueDelivery/tree``, the explorer's value
    /// view), sent right after the report so the verdict does not wait for it; nil when the
    /// decode made none. The report itself crosses without its value.
    case value(DecodedValue?)
    /// The decoded value as the JSON of check-output.md's `value` field, when the job asks
    /// for it so (``DecodeJob/ValueDelivery/json``); sent right after the report, as raw text
    /// (the elements of an array decoded in parts ahead of it, as they were decoded: ``WorkerFrames``).
    case valueJSON(ValueJSON)
    /// The explanation (and verified fixes, if asked) of each error of the report.
    case teaching(TeachingReport)
    /// The answer to the ``ValueQuery`` with this id (``DecodeJob/ValueDelivery/onDemand``).
    case nodeValue(query: Int, ValueQuery.Answer)
    /// The job could not run, or the child ended without finishing it.
    case failure(WorkerFailure)
    /// A screening job's verdicts (``DecodeJob/screen``), one per body, in order.
    case screened(ScreenVerdicts)
    /// Every reply of the job has been sent (answers to value queries may follow).
    case end
}

extension WorkerReply {
    /// Whether it is a job's last reply: its end, or the failure that ended it.
    public var endsJob: Bool {
        switch self {
        case .end, .failure: true
        default: false
        }
    }
}

/// What the child learned preparing the job, which the parent shows with the verdict.
public struct PreparedFacts: Sendable, Hashable, Codable {
    /// The decoded type as Swift spells it (`[Product]`), resolved against the model.
    public var typeSpelling: String
    /// The decode root as a path settled against the payload (`$.items[0]`).
    public var pathText: String
    /// Which way decided: `schema` or `compiled` (never `auto`: the child chose).
    public var mode: DecodeJob.Mode
    /// Why compiled mode decided (`Models.swift:16:5: Flattened has a hand-written init(from:)`).
    public var modeReason: String?
    /// How long swiftc took, when this job compiled the model (nil: schema mode, or cached).
    public var compileSeconds: Double?
    /// Why a runner in the cache was built again instead of used (cut short, changed, not the user's).
    public var rebuiltBecause: String?
    /// The files of the model folder left out because they import a module this platform cannot
    /// build and hold nothing the decode needs (``SourceSelection``): said in one line.
    public var leftOut: LeftOutFiles?
    /// Schema mode only: where the model's own code may catch an error, which schema mode cannot see
    /// (``DecodeWay/unseenCatch(from:in:)``); `check` says once that compiled mode would show it.
    public var unseenCatch: String?

    public init(
        typeSpelling: String, pathText: String, mode: DecodeJob.Mode = .schema, modeReason: String? = nil,
        compileSeconds: Double? = nil
    ) {
        self.typeSpelling = typeSpelling
        self.pathText = pathText
        self.mode = mode
        self.modeReason = modeReason
        self.compileSeconds = compileSeconds
    }
}

/// Why a decode job ended without its verdict (or, after the verdict, without its teaching).
/// Turned into words in one place: ``description``, in WorkerMessages.swift.
public enum WorkerFailure: Error, Sendable, Hashable, Codable {
    /// The model cannot be used: it does not parse, or the type is not in it.
    case model(String)
    /// swiftc rejected the model files (compiled mode): its own diagnostics, file:line:col.
    case doesNotCompile([SourceDiagnostic])
    /// The payload cannot be read.
    case payload(String)
    /// The path (`--path`, or a capture route's `at KEYPATH`) leads nowhere in the payload: where
    /// it stops, in JSONTree's words.
    case pathNotInPayload(path: String, reason: String)
    /// The job itself is unreadable (another version, or not a job).
    case job(String)
    /// The child died of a signal a fault raises (SIGILL, SIGTRAP, SIGSEGV, ...): Foundation or
    /// the model's code trapped, and an app decoding this would crash too. `message` is the end
    /// of what the child wrote on stderr.
    case crashed(signal: Int32, message: String)
    /// The model's compiled code (or Foundation under it) trapped in the runner decoding this
    /// payload (compiled mode), or ended the process (`exit()`), as an app decoding it would: the
    /// runner's failure in words.
    case trapped(String)
    /// The child was ended from outside (SIGKILL, what the out-of-memory killer sends, or
    /// SIGTERM and the like): nothing about the payload. `reason` says why, when known.
    case killed(signal: Int32, reason: String?)
    /// The child exited without finishing the job; `message` is the end of its stderr.
    case broken(status: Int32, message: String)
    /// The parent cancelled the job.
    case cancelled
    /// The model's code ran past the time limit and was stopped: where it was (the last container
    /// call its trace recorded) and the line of the model that made that call, when known.
    case timedOut(seconds: Double, place: StoppedPlace?, at: ModelLocation?)

    /// Whether a signal is one a fault in the process raises itself, as opposed to one sent
    /// to it from outside.
    static func isFault(_ signal: Int32) -> Bool { CompiledDecoder.isFault(signal) }
}

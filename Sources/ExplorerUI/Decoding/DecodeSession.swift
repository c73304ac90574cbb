import DecodeWorker
import DecodingEngine
import JSONTree
import ModelSchema
import Teaching

/// The explorer's decoding: the setup, the request in flight, and the last result.
public struct DecodeSession: Sendable {
    public var setup: DecodeSetup
    /// The decode root the user chose (Enter), or the one from `--path`.
    public var root: NodeID?
    public var phase: Phase = .idle
    /// How long the running decode has taken so far.
    public var elapsedMilliseconds = 0
    /// The last finished decode, drawn on the tree (kept while a newer one runs).
    public var overlay: DecodeOverlay?
    /// Explanations and verified fixes for the overlay's errors, once found.
    public var lessons: TeachingReport?
    /// The lessons for the overlay are still being found (fixes are verified by decoding again).
    public var lessonsPending = false
    /// The request the overlay (and so the lessons awaited) belongs to.
    var lessonsRequestID = 0
    /// The decoded value at the cursor, asked of the overlay's decode while the value or source
    /// view shows (the value itself stays in the worker).
    public var nodeValue: NodeValueLookup?
    /// The id of the last value query made.
    var lastValueQueryID = 0
    /// The id of the last request made.
    var lastRequestID = 0
    /// The `o` menu changed something since it opened.
    var optionsChanged = false
    /// The runs of synthesized `init(from:)`s in the traced decode, for the stepping view.
    public var walkthroughs: [InitWalkthrough] = []
    /// Decode once the models have been read again (they were just written by `I`).
    var decodesAfterModelReload = false
    /// The model files are being read off the input loop (Esc stops waiting for them).
    public var modelsReading = false
    /// Why the model files are being read again (a fix written, models inferred): said with
    /// "model reloaded" once they are, so the status line names what changed.
    var reloadCause: String?
    /// What was typed in the type picker while its choice is resolved off the input loop.
    var pendingTypeText: String?
    /// Open the stepping view when the running decode (made with a trace) finishes.
    var opensSteppingWhenDone = false
    /// What the running decode is compiling with swiftc (compiled mode).
    public var compiling: CompileStart?
    /// Which way decided the last decode, and swiftc's time when that decode compiled.
    public var decidedMode: DecodeJob.Mode?
    public var compileSeconds: Double?
    /// The files of the model folder the running decode left out (they import a module this
    /// platform cannot build), and the last such files the status line said.
    public var leftOut: LeftOutFiles?
    var leftOutSaid: LeftOutFiles?
    /// swiftc's diagnostics when it rejected the model (the phase is then `failed`).
    public var compilerDiagnostics: [SourceDiagnostic] = []

    public enum Phase: Hashable, Sendable {
        case idle
        case running(DecodeRequest)
        /// The decode could not run or crashed: the message.
        case failed(String)
        case finished
    }

    public init(setup: DecodeSetup = DecodeSetup(), root: NodeID? = nil) {
        self.setup = setup
        self.root = root
    }

    /// The "decodes, but" warning about this node, from the overlay's lessons (a value that
    /// decoded but is almost surely not what the app meant); it never changes the verdict.
    public func warning(at node: NodeID) -> DecodeWarning? {
        guard overlay != nil else { return nil }
        return lessons?.warnings.first { $0.node == node }
    }

    public var isRunning: Bool {
        if case .running = phase { return true }
        return false
    }
}

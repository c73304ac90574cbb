import Foundation

/// What a compiled-mode runner answers for one ``RunnerJob``, on its channel: declared once, here,
/// for the runner that writes it and the worker that reads it.
public struct RunnerReply: Codable, Sendable, Hashable {
    /// The error the decode threw: Foundation's `DecodingError`, or an error of the model's own code.
    public struct Failure: Codable, Sendable, Hashable {
        public enum Kind: String, Codable, Sendable {
            case keyNotFound, typeMismatch, valueNotFound, dataCorrupted
            /// An error of the model's own type (not a `DecodingError`): it has no coding path.
            case other
        }

        public var kind: Kind
        public var codingPath: [RunnerJob.Step]
        public var debugDescription: String
        public var expectedType: String?
        public var key: String?
        /// `String(reflecting:)` of the thrown type, for ``Kind/other``.
        public var errorType: String?
        /// The coding path with its keys as the payload spells them, when the decoder converted
        /// them with a `.custom` strategy (``PayloadSpelling``): where the error is.
        public var payloadPath: [RunnerJob.Step]?

        public init(
            kind: Kind, codingPath: [RunnerJob.Step], debugDescription: String, expectedType: String? = nil,
            key: String? = nil, errorType: String? = nil
        ) {
            self.kind = kind
            self.codingPath = codingPath
            self.debugDescription = debugDescription
            self.expectedType = expectedType
            self.key = key
            self.errorType = errorType
        }

        init(_ error: any Error) {
            guard let error = error as? DecodingError else {
                self.init(
                    kind: .other, codingPath: [], debugDescription: String(describing: error),
                    errorType: String(reflecting: type(of: error)))
                return
            }
            let context: DecodingError.Context
            switch error {
            case .keyNotFound(let k, let c):
                self.init(kind: .keyNotFound, codingPath: [], debugDescription: "", key: k.stringValue)
                context = c
            case .typeMismatch(let t, let c):
                self.init(kind: .typeMismatch, codingPath: [], debugDescription: "", expectedType: String(describing: t))
                context = c
            case .valueNotFound(let t, let c):
                self.init(kind: .valueNotFound, codingPath: [], debugDescription: "", expectedType: String(describing: t))
                context = c
            case .dataCorrupted(let c):
                self.init(kind: .dataCorrupted, codingPath: [], debugDescription: "")
                context = c
            @unknown default:
                self.init(kind: .dataCorrupted, codingPath: [], debugDescription: "\(error)")
                return
            }
            codingPath = context.codingPath.map(RunnerJob.Step.init(codingKey:))
            debugDescription = context.debugDescription
        }
    }

    /// Why a traced decode was stopped at its time limit: where it was.
    public struct Stopped: Codable, Sendable, Hashable {
        public var seconds: Double
        /// The `init` record of the initializer running and the last container call it made (either
        /// may be missing): enough to find the line of the model's code.
        public var calls: [RunnerCall]

        public init(seconds: Double, calls: [RunnerCall]) {
            self.seconds = seconds
            self.calls = calls
        }
    }

    /// An error a container call threw that the model's own code caught (`try?`, `do/catch`, a lossy
    /// wrapper): the decode went on without it (``CaughtLedger``).
    public struct Caught: Codable, Sendable, Hashable {
        public var error: Failure
        /// The `init` record of the initializer that caught it (when known), then the call it made
        /// that the error left: what ties it to a line of the model's code.
        public var calls: [RunnerCall]
        /// The path of the value the failing call read, when the error's own path does not lead to
        /// it: a number that does not fit, whose error Foundation reports at the root.
        public var at: [RunnerJob.Step]?
        /// The catching code then read the same value with another call that returned: a probe of
        /// its kind (`try? Int`, then `String`), the value kept.
        public var readAnotherWay: Bool?

        public init(error: Failure, calls: [RunnerCall]) {
            self.error = error
            self.calls = calls
        }
    }

    public var ok: Bool
    /// The decoded value as a tree, when the job asked for it (and not as JSON text).
    public var value: DecodedValue?
    public var error: Failure?
    /// The runner could not do its job at all (an unreadable payload file, a job it cannot read).
    public var problem: String?
    /// The container calls, when the job asked for a trace. They cross the channel in a frame of
    /// their own ahead of the reply (``RunnerChannel/Kind/trace``), and the worker puts them back here.
    public var trace: [RunnerCall]?
    /// The traced decode ran past the job's time limit.
    public var stopped: Stopped?
    /// The job's ``RunnerJob/nonce``: the runner wrote this reply.
    public var nonce: String?
    /// The key strategy of the decoder that ran (the app's own, with `--decoder`), when it is one
    /// the tool can map payload keys through; nil for a `.custom` one. Its coding paths hold the keys
    /// as that decoder converted them, so they are located with it.
    public var keys: RunnerOptions.Keys?
    /// The errors the model's own code caught, in the order they were thrown; nil when none was.
    public var caught: [Caught]?
    /// A screening job's verdicts (``RunnerJob/screen``), one per body, in order.
    public var screened: ScreenVerdicts?

    public init(
        ok: Bool, value: DecodedValue? = nil, error: Failure? = nil, problem: String? = nil, trace: [RunnerCall]? = nil,
        stopped: Stopped? = nil, nonce: String? = nil
    ) {
        self.nonce = nonce
        self.ok = ok
        self.value = value
        self.error = error
        self.problem = problem
        self.trace = trace
        self.stopped = stopped
    }
}

extension RunnerJob.Step {
    /// A coding path's key as a step: `Index N` keys are array positions.
    init(codingKey key: any CodingKey) {
        if let i = key.intValue, key.stringValue == "Index \(i)" {
            self.init(index: i)
        } else {
            self.init(key: key.stringValue)
        }
    }
}

/// One container call the model's code made, as the tracing decoder saw it (short field names:
/// a large decode makes millions).
public struct RunnerCall: Codable, Sendable, Hashable {
    /// `keyed.decode`, `keyed.contains`, `unkeyed.decode`, `single.decode`, `container`, `init`, …
    public var c: String
    /// The container's coding path.
    public var p: [RunnerJob.Step]
    /// The key asked for, or the unkeyed container's index.
    public var k: RunnerJob.Step?
    /// The kind of error the call threw, if it threw.
    public var e: RunnerReply.Failure.Kind?
    /// How many traced `init(from:)` calls deep it was made; an `init` record opens one.
    public var d: Int?
    /// The type a decode call asked for; for an `init` record, `String(reflecting:)` of the type starting.
    public var t: String?

    public init(
        c: String, p: [RunnerJob.Step], k: RunnerJob.Step? = nil, e: RunnerReply.Failure.Kind? = nil, d: Int? = nil,
        t: String? = nil
    ) {
        self.c = c
        self.p = p
        self.k = k
        self.e = e
        self.d = d
        self.t = t
    }
}

import Capture
import DecodeWorker
import DecodingEngine
import Foundation

/// Checks every entry of a capture off the input loop, as `check CAPTURE` does (``CaptureCheck``:
/// one worker session, one compile), posting each verdict to the list as it comes. A save starts
/// a check again: a new session (its worker reads the saved models), and the older check stops
/// at its next entry, its late verdicts dropped by their generation.
public final class CaptureChecker: @unchecked Sendable {
    public let capture: Capture
    public let models: ModelSet
    public let options: DecodeOptions
    /// The worker program and its arguments (this program, `decode-worker`).
    let executable: URL
    let arguments: [String]
    /// The private folder the bodies cross to the worker in (made by the caller, removed by it).
    let bodies: URL
    private let lock = NSLock()
    private var current = 0
    private var running = 0
    private let idle = NSCondition()

    private struct Stopped: Error {}

    public init(
        capture: Capture, models: ModelSet, options: DecodeOptions, bodies: URL, executable: URL = DecodeClient.selfExecutable,
        arguments: [String] = DecodeClient.workerArguments
    ) {
        self.capture = capture
        self.models = models
        self.options = options
        self.bodies = bodies
        self.executable = executable
        self.arguments = arguments
    }

    /// Starts check `generation` with these routes on a thread of its own; an older check stops.
    public func start(routes: RouteTable, generation: Int, inbox: Inbox<CaptureListAction>) {
        lock.lock()
        current = generation
        lock.unlock()
        idle.lock()
        running += 1
        idle.unlock()
        inbox.beginWork()
        let thread = Thread { [self] in
            defer {
                inbox.endWork()
                idle.lock()
                running -= 1
                idle.broadcast()
                idle.unlock()
            }
            run(routes: routes, generation: generation, inbox: inbox)
        }
        thread.start()
    }

    /// Stops the running check at its next entry.
    public func cancel() {
        lock.lock()
        current = -1
        lock.unlock()
    }

    /// Waits until no check runs (tests, and a scripted terminal, as a person reading would).
    public func waitUntilIdle() {
        idle.lock()
        while running > 0 { idle.wait() }
        idle.unlock()
    }

    private func isCurrent(_ generation: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return current == generation
    }

    private func run(routes: RouteTable, generation: Int, inbox: Inbox<CaptureListAction>) {
        let session = DecodeWorker.DecodeSession(executable: executable, arguments: arguments)
        defer { session.close() }
        var check = CaptureCheck(capture: capture, routes: routes, models: models, options: options)
        check.teaching = .none
        check.scratch = { NcursesBackend.removeOnEndingSignal($0) }
        try? check.run(
            session: session, bodies: bodies, compiling: { inbox.post(.compiling($0, generation: generation)) }
        ) { outcome, _ in
            guard isCurrent(generation) else { throw Stopped() }
            let summary = CaptureOutcomeSummary(outcome)
            inbox.post(.verdict(summary, generation: generation))
            if outcome.failure != nil {
                inbox.post(.stopped(reason: summary.firstError ?? outcome.reason ?? "", generation: generation))
            }
        }
    }
}

extension CaptureOutcomeSummary {
    /// What the list keeps of a checked entry: the verdict, the number of errors and the first
    /// one as `check` heads it (`keyNotFound at data[0]: No value associated with key …`).
    public init(_ outcome: CaptureOutcome) {
        let first = outcome.run?.report?.errors.first.map { error in
            let place = error.location.map { " (line \($0.line), col \($0.column))" } ?? ""
            return error.heading + place + ": " + error.debugDescription
        }
        self.init(
            index: outcome.entry.index, verdict: outcome.verdict, errorResponse: outcome.errorResponse, errorCount: outcome.errorCount,
            firstError: first ?? outcome.reason, reason: outcome.reason)
    }
}

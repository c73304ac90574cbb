import Capture
import DecodingEngine
import Foundation
import JSONTree
import Teaching

/// Checks every entry of a capture against the models, in one ``DecodeSession``: each entry is
/// read (its body decoded from the capture's text), planned (``EntryPlan``), decoded by the
/// session's worker as `check` decodes one payload, and handed on; its body is dropped before the
/// next entry is read, so memory is bounded by the largest body, not the capture.
public struct CaptureCheck {
    public var capture: Capture
    public var routes: RouteTable
    public var models: ModelSet
    public var options: DecodeOptions
    public var teaching: DecodeJob.Teaching = .explanations
    public var value: DecodeJob.ValueDelivery = .none
    public var timeLimit: Double?

    public init(capture: Capture, routes: RouteTable, models: ModelSet, options: DecodeOptions) {
        self.capture = capture
        self.routes = routes
        self.models = models
        self.options = options
    }

    /// Checks each entry in order and hands `each` its outcome and the body it decoded (for the
    /// excerpts under its errors). Bodies cross to the worker as files in `bodies`, a private
    /// folder the caller made; each is removed once its verdict is in. `progress` hears each
    /// entry's index before it is checked. Stops at the first outcome with a ``CaptureOutcome/failure``.
    public func run(
        session: DecodeSession, bodies: URL, progress: (Int) -> Void = { _ in },
        compiling: (CompileStart) -> Void = { _ in }, each: (CaptureOutcome, [UInt8]) throws -> Void
    ) rethrows {
        for index in 0..<capture.count {
            progress(index)
            let entry = capture.entry(at: index)
            let plan = EntryPlan(entry, routes: routes)
            var outcome = CaptureOutcome(entry: entry, verdict: .skipped, errorResponse: entry.isErrorStatus)
            // The bytes are handed to `each` beside the outcome, which does not keep them.
            if case .bytes = entry.body { outcome.entry.body = .bytes([]) }
            switch plan {
            case .skip(let reason):
                outcome.reason = reason.description
                try each(outcome, [])
            case .unmapped(let errorResponse):
                outcome.verdict = .unmapped
                let body: [UInt8] = if case .bytes(let bytes) = entry.body { bytes } else { [] }
                // An error body is summed up, never decoded as the success type.
                outcome.reason =
                    errorResponse ? "error response \(entry.status ?? 0): \(BodySummary.of(body))" : "no route covers it"
                try each(outcome, body)
            case .decode(let rule, let body):
                outcome.rule = routes.file == nil ? nil : rule
                outcome.typeExpression = rule.typeExpression
                decode(body, as: rule, index: index, into: &outcome, session: session, bodies: bodies, compiling: compiling)
                try each(outcome, body)
                if outcome.failure != nil { return }
            }
        }
    }

    private func decode(
        _ body: [UInt8], as rule: RouteRule, index: Int, into outcome: inout CaptureOutcome, session: DecodeSession, bodies: URL,
        compiling: (CompileStart) -> Void
    ) {
        let path = bodies.appendingPathComponent("entry-\(index).json").path
        do { try BodyFile.create(path, bytes: body) } catch {
            outcome.failure = .payload("cannot keep the body of entry \(index) for the worker: \(error)")
            outcome.verdict = .fails
            return
        }
        defer { unlink(path) }
        var job = DecodeJob(
            payloadPath: path, models: models, typeExpression: rule.typeExpression, path: rule.path, options: options,
            teaching: teaching, value: value)
        job.timeLimit = timeLimit
        job.sessionTypes = routes.typeExpressions
        let run = session.run(job, compiling: compiling)
        outcome.run = run
        guard let report = run.report else {
            let failure = run.failure ?? .broken(status: 0, message: "")
            outcome.verdict = .fails
            outcome.reason = failure.captureReason
            // What the body made happen is its verdict; a job that could not run at all stops the check.
            if !failure.isAboutTheBody { outcome.failure = failure }
            return
        }
        if let failure = report.failure {
            outcome.verdict = .fails
            outcome.reason = failure.description
            outcome.failure = .model(failure.description)
            return
        }
        outcome.verdict = report.ok ? .decodes : .fails
    }
}

extension WorkerFailure {
    /// Whether the failure is the body's own verdict (it crashed the decoder, ran past the time
    /// limit, or has nothing at the rule's key path), not a reason the check cannot run.
    var isAboutTheBody: Bool {
        switch self {
        case .crashed, .trapped, .timedOut, .payload, .pathNotInPayload: true
        default: false
        }
    }
}

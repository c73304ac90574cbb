import Capture
import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import Teaching

/// Checks every entry of a capture against the models, in one ``DecodeSession``: each entry is
/// read (its body decoded from the capture's text), planned (``EntryPlan``), screened with the
/// others of its batch or decoded by the session's worker as `check` decodes one payload, and
/// handed on; a batch's bodies are dropped once it is handed on, so memory is bounded by a few
/// batches (``ScreenBatch/limits``) or the largest body, not the capture.
public struct CaptureCheck: Sendable {
    public var capture: Capture
    public var routes: RouteTable
    public var models: ModelSet
    public var options: DecodeOptions
    public var teaching: DecodeJob.Teaching = .explanations
    public var value: DecodeJob.ValueDelivery = .none
    public var timeLimit: Double?
    /// Hears each scratch file and folder of a run before it is first written, the folder first
    /// (the command registers them for removal when a signal ends it; a run removes them itself).
    public var scratch: @Sendable (String) -> Void = { _ in }
    /// No job follows this check on its session (a command's): once every entry is handed on, the
    /// worker and its runner end (``DecodeSession/endInput()``) while the run's files are removed.
    /// The explorer's session lives on for the next check.
    public var endsSession = false

    public init(capture: Capture, routes: RouteTable, models: ModelSet, options: DecodeOptions) {
        self.capture = capture
        self.routes = routes
        self.models = models
        self.options = options
    }

    /// Checks each entry in order and hands `each` its outcome and the body it decoded (for the
    /// excerpts under its errors). Bodies cross to the worker as files in a folder of this run's own
    /// (``BodySlots``) in `bodies`, a private folder the caller made; it goes when the run ends.
    /// `progress` hears the index of the entry in hand: a batch's first while it is screened, then
    /// each as it is handed on or checked alone. Stops at the first outcome with a ``CaptureOutcome/failure``.
    ///
    /// Entries are read into batches (``ScreenBatch``) on a thread of their own, at most
    /// ``BatchQueue/capacity`` batches ahead of the one in hand (so memory holds a few batches,
    /// never the capture), while this thread screens and hands on the one before, in order. A
    /// batch read by the time the one before is screened has its screens sent at once: the worker
    /// screens it while this thread hands on the one before (printing 1,000 entries takes some 5 ms).
    public func run(
        session: DecodeSession, bodies: URL, progress: (Int) -> Void = { _ in },
        compiling: (CompileStart) -> Void = { _ in }, each: (CaptureOutcome, [UInt8]) throws -> Void
    ) rethrows {
        guard capture.count > 0 else { return }
        // The worker starts (and loads) while the first batch is read.
        session.begin()
        let queue = BatchQueue()
        let read = DispatchSemaphore(value: 0)
        let reader = Thread { [self] in
            self.read(into: queue)
            read.signal()
        }
        reader.stackSize = 8 << 20
        reader.start()
        defer {
            queue.cancel()
            read.wait()
        }
        let slots = Result { () throws(BodyFile.Failure) in try BodySlots(in: bodies, scratch: scratch) }
        defer {
            if endsSession { session.endInput() }
            try? slots.get().remove()
        }
        var screened: ScreensSent?
        while true {
            var batch: ScreenBatch
            var verdicts: [Int: ScreenVerdict] = [:]
            var stopsScreening = false
            if let sent = screened {
                batch = sent.batch
                if let first = batch.items.first { progress(first.outcome.entry.index) }
                (verdicts, stopsScreening) = collect(sent, session: session, compiling: compiling)
            } else {
                guard let next = queue.next() else { return }
                batch = next
                if let first = batch.items.first { progress(first.outcome.entry.index) }
                if screening {
                    // The first group alone, then the others together: what stops the first (a model
                    // that does not compile) would stop each, and each would compile it again.
                    let groups = batch.groups
                    for part in [Array(groups.prefix(1)), Array(groups.dropFirst())] where !part.isEmpty {
                        let sent = session.together { send(batch, groups: part, session: session, slots: slots) }
                        let (more, stops) = collect(sent, session: session, compiling: compiling)
                        verdicts.merge(more) { _, new in new }
                        stopsScreening = stops
                        if stops { break }
                    }
                }
            }
            screened = nil
            // The batch's first entries to check alone go before the next batch's screens: the worker
            // checks them while this thread hands on the entries before them, then screens the next
            // batch while this thread hands on the rest (sent after the screens, the entries of every
            // batch but the last waited for the next batch's screening, all at the end).
            var alone = AloneChecks(batch, verdicts: verdicts)
            session.together {
                alone.send(batch, session: session, slots: slots, by: self)
                if screening, !stopsScreening, let next = queue.poll() {
                    screened = send(next, groups: next.groups, session: session, slots: slots)
                }
            }
            // Once the last job is sent, the worker and its runner end as soon as they have answered
            // it, while this thread hands on the last entries.
            let endsAfterLast = { [endsSession] (alone: AloneChecks) in
                if endsSession, screened == nil, alone.allSent, queue.isDrained { session.lastJobSent() }
            }
            endsAfterLast(alone)
            guard
                try finish(
                    &batch, alone: &alone, session: session, slots: slots, progress: progress, compiling: compiling,
                    sent: endsAfterLast, each: each)
            else { return }
        }
    }

    /// Reads every entry, plans it (``EntryPlan``), and hands the batches on to `queue` (screened or
    /// not, a batch's entries checked alone are sent to the worker together).
    private func read(into queue: BatchQueue) {
        var batch = ScreenBatch()
        for index in 0..<capture.count {
            let entry = capture.entry(at: index)
            let plan = EntryPlan(entry, routes: routes)
            var outcome = CaptureOutcome(entry: entry, verdict: .skipped, errorResponse: entry.isErrorStatus)
            // The bytes are handed to `each` beside the outcome, which does not keep them.
            if case .bytes = entry.body { outcome.entry.body = .bytes([]) }
            switch plan {
            case .skip(let reason):
                outcome.reason = reason.description
                batch.add(outcome, body: [], rule: nil)
            case .unmapped(let errorResponse):
                outcome.verdict = .unmapped
                let body: [UInt8] = if case .bytes(let bytes) = entry.body { bytes } else { [] }
                // An error body is summed up, never decoded as the success type.
                outcome.reason =
                    errorResponse ? "error response \(entry.status ?? 0): \(BodySummary.of(body))" : "no route covers it"
                batch.add(outcome, body: body, rule: nil)
            case .decode(let rule, let body):
                outcome.rule = routes.file == nil ? nil : rule
                outcome.typeExpression = rule.typeExpression
                batch.add(outcome, body: body, rule: rule)
            }
            if batch.isFull {
                guard queue.add(batch) else { return }
                batch = ScreenBatch(number: batch.number + 1)
            }
        }
        if !batch.isEmpty { _ = queue.add(batch) }
        queue.end()
    }

    /// Whether entries are screened (``ScreenBatch``: many bodies decoded as they are in one job, only
    /// those that do not checked alone): when nothing but the verdict of one that decodes is needed
    /// (no value asked for); otherwise every entry is checked alone.
    private var screening: Bool { value == .none }

    /// Hands on the batch's entries in order, those whose bodies did not decode clean when screened
    /// (all, when not screening) as they are checked alone (``AloneChecks``). False when an entry
    /// stopped the check.
    private func finish(
        _ batch: inout ScreenBatch, alone: inout AloneChecks, session: DecodeSession, slots: Result<BodySlots, BodyFile.Failure>,
        progress: (Int) -> Void, compiling: (CompileStart) -> Void, sent: (AloneChecks) -> Void,
        each: (CaptureOutcome, [UInt8]) throws -> Void
    ) rethrows -> Bool {
        for position in batch.items.indices {
            let checkedAlone = batch.items[position].rule != nil && !alone.decodes(position)
            // Sent before the entry is moved out of the batch (it may be the next to go), then
            // moved, not copied: a copy retained and released every string and array it holds.
            if checkedAlone {
                alone.send(batch, session: session, slots: slots, by: self)
                sent(alone)
            }
            let item = batch.take(position)
            var outcome = item.outcome
            progress(outcome.entry.index)
            if item.rule != nil {
                if !checkedAlone {
                    outcome.verdict = .decodes
                } else if let entry = alone.take(position) {
                    collect(entry, into: &outcome, session: session, compiling: compiling)
                }
            }
            try each(outcome, item.body)
            if outcome.failure != nil { return false }
        }
        return true
    }

    /// A batch's entries to check alone: those whose bodies did not decode clean when screened (all,
    /// when not screening; `verdicts`: what screening said of them, by position). They are sent ahead
    /// of their turn, up to ``BodySlots/depth`` at a time: the worker goes from one to the next while
    /// the entries before them are handed on.
    private struct AloneChecks {
        var verdicts: [Int: ScreenVerdict]
        /// In order: each one's position in the batch and its rule.
        var pending: [(position: Int, rule: RouteRule)]
        var sent: [Int: Alone] = [:]
        var sentCount = 0

        init(_ batch: ScreenBatch, verdicts: [Int: ScreenVerdict]) {
            self.verdicts = verdicts
            pending = batch.items.indices.compactMap { position in
                batch.items[position].rule.flatMap { rule in verdicts[position] == .decodes ? nil : (position: position, rule: rule) }
            }
        }

        func decodes(_ position: Int) -> Bool { verdicts[position] == .decodes }

        /// Whether every entry of the batch to check alone is sent.
        var allSent: Bool { sentCount == pending.count }

        /// Sends the next entries until ``BodySlots/depth`` are out (the entry sent `depth` before the
        /// next had its verdict: the next may take its file).
        mutating func send(_ batch: ScreenBatch, session: DecodeSession, slots: Result<BodySlots, BodyFile.Failure>, by check: CaptureCheck)
        {
            while sentCount < pending.count, sent.count < BodySlots.depth {
                let (next, rule) = pending[sentCount]
                sent[next] = check.send(
                    batch.items[next].body, as: rule, index: batch.items[next].outcome.entry.index, number: sentCount,
                    expectsErrors: verdicts[next] == .fails, session: session, slots: slots)
                sentCount += 1
            }
        }

        /// The entry at `position`, sent, to collect its verdict.
        mutating func take(_ position: Int) -> Alone? { sent.removeValue(forKey: position) }
    }

    /// A batch's screening jobs sent (``send(_:groups:session:slots:)``), one for each type and
    /// path, to collect their verdicts by.
    private struct ScreensSent {
        var batch: ScreenBatch
        var jobs: [(group: ScreenBatch.Group, ticket: DecodeSession.Ticket?)]
    }

    /// Sends screening jobs of the batch's `groups` (each group's bodies in a screen file of its
    /// own): the worker decodes them as they are, nothing caught.
    private func send(
        _ batch: ScreenBatch, groups: [ScreenBatch.Group], session: DecodeSession, slots: Result<BodySlots, BodyFile.Failure>
    ) -> ScreensSent {
        let jobs = groups.enumerated().map { (number, group) in
            guard let path = try? slots.get().screen(batch.file(of: group), group: number) else {
                return (group: group, ticket: DecodeSession.Ticket?.none)
            }
            var job = job(path, group.rule)
            job.screen = group.positions.count
            return (group: group, ticket: session.submit(job))
        }
        return ScreensSent(batch: batch, jobs: jobs)
    }

    /// What screening said of each body, by its position in the batch: only one that decodes as it
    /// is with nothing thrown on the way is not checked alone (one whose decode threw on the way is:
    /// the model's code may have caught an error, which the check of it alone lists, as `check`
    /// does). And whether a screen failed before any body (the model does not compile, a type it
    /// lacks): the batches after are not screened, and the entries checked alone say it (the first
    /// stops the check).
    private func collect(
        _ sent: ScreensSent, session: DecodeSession, compiling: (CompileStart) -> Void
    ) -> ([Int: ScreenVerdict], Bool) {
        var found: [Int: ScreenVerdict] = [:]
        var stops = false
        for (group, ticket) in sent.jobs {
            guard let ticket else { continue }
            let run = session.collect(ticket, compiling: compiling)
            if let failure = run.failure, !failure.isAboutTheBody { stops = true }
            let verdicts = run.screened ?? []
            guard !stops, verdicts.count == group.positions.count else { continue }
            for (position, verdict) in zip(group.positions, verdicts) { found[position] = verdict }
        }
        return (found, stops)
    }

    /// An entry sent to be checked alone: its job's ticket, or why it could not be sent.
    private enum Alone {
        case sent(DecodeSession.Ticket)
        case unsent(String)
    }

    /// Sends the entry's body to be checked alone, as `check` checks a payload: the `number`th of its
    /// batch so sent (which names its file, ``BodySlots/alone(_:number:)``).
    private func send(
        _ body: [UInt8], as rule: RouteRule, index: Int, number: Int, expectsErrors: Bool, session: DecodeSession,
        slots: Result<BodySlots, BodyFile.Failure>
    ) -> Alone {
        let path: String
        do { path = try slots.get().alone(body, number: number) } catch {
            return .unsent("cannot keep the body of entry \(index) for the worker: \(error)")
        }
        var job = job(path, rule, teaching: teaching, value: value)
        job.expectsErrors = expectsErrors
        return .sent(session.submit(job))
    }

    /// The verdict of an entry checked alone.
    private func collect(_ alone: Alone, into outcome: inout CaptureOutcome, session: DecodeSession, compiling: (CompileStart) -> Void) {
        let run: DecodeClient.Run
        switch alone {
        case .unsent(let reason):
            outcome.failure = .payload(reason)
            outcome.verdict = .fails
            return
        case .sent(let ticket): run = session.collect(ticket, compiling: compiling)
        }
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

    /// A job of this check: the body file at `path` decoded as `rule` says, with the models, options
    /// and time limit, in the runner built for every type the routes name.
    func job(
        _ path: String, _ rule: RouteRule, teaching: DecodeJob.Teaching = .none, value: DecodeJob.ValueDelivery = .none
    ) -> DecodeJob {
        var job = DecodeJob(
            payloadPath: path, models: models, typeExpression: rule.typeExpression, path: rule.path, options: options,
            teaching: teaching, value: value)
        job.timeLimit = timeLimit
        job.sessionTypes = routes.typeExpressions
        return job
    }

    /// Sends `session` a screening job of no body (the first rule's type) ahead of the entries
    /// (``DecodeSession/send(ahead:)``): the worker reads the models, finds the runner (or compiles
    /// it) and starts it while the caller reads the capture (this check's capture may be set after).
    /// Its file, empty, is `bodies`'s `ahead.bodies`, removed with the folder (``scratch`` hears it first).
    public func warm(_ session: DecodeSession, bodies: URL) {
        guard let rule = routes.rules.first else { return }
        let path = bodies.appendingPathComponent("ahead.bodies").path
        scratch(path)
        do { try BodyFile.create(path, bytes: []) } catch { return }
        var job = job(path, rule)
        job.screen = 0
        session.send(ahead: job)
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

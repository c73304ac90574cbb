import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A type a runner can decode: `Decodes<[Product]>()`, one per type expression compiled in.
public protocol RunnableType {
    func decode(_ decoder: JSONDecoder, _ data: Data, steps: [RunnerJob.Step], traced: Bool) throws -> Any
}

/// Decodes `Target`, at the root or at the end of a key path.
public struct Decodes<Target: Decodable>: RunnableType {
    public init() {}

    public func decode(_ decoder: JSONDecoder, _ data: Data, steps: [RunnerJob.Step], traced: Bool) throws -> Any {
        try KeyPathWalk<Target>.decode(decoder, data, steps: steps, traced: traced)
    }
}

/// The compiled-mode runner: the user's model files, a generated `main` of a few lines that names
/// the types (and the app's decoder expression, if any), and this library, built once per toolchain.
///
/// It reads one ``RunnerJob`` on ``RunnerChannel/jobDescriptor``, decodes the payload file with the
/// user's own compiled types and Foundation's `JSONDecoder`, and writes its ``RunnerReply`` on
/// ``RunnerChannel/replyDescriptor``. Standard output and error stay the model's own.
public enum Runner {
    /// Serves one job and exits; a job of a session (``RunnerJob/session``) is followed by the next
    /// one on the same channel, until it ends. `decoder`, when given, makes the app's configured
    /// decoder (the user's decoder expression); otherwise the job's options make one.
    public static func main(types: [any RunnableType], decoder makeDecoder: ((RunnerOptions) -> JSONDecoder)? = nil) -> Never {
        ParentWatch.start()
        var job: RunnerJob
        do {
            guard let frame = try Frame.read(from: RunnerChannel.jobDescriptor), frame.kind == RunnerChannel.Kind.job.rawValue else {
                finish(RunnerReply(ok: false, problem: "no job came on the runner's channel"))
                _exit(0)
            }
            job = try FrameDecoder().decode(RunnerJob.self, from: frame.body)
        } catch {
            if isatty(RunnerChannel.jobDescriptor) == 0 && fcntl(RunnerChannel.jobDescriptor, F_GETFD) < 0 {
                let text = "this program is a codable-explorer runner: codable-explorer starts it with a job on descriptor 3\n"
                _ = text.withCString { write(2, $0, strlen($0)) }
                exit(2)
            }
            finish(RunnerReply(ok: false, problem: "the job could not be read: \(error)"))
            _exit(0)
        }
        // A session's jobs keep coming on the channel, moved out of the model's reach as the reply's is.
        let jobs = job.session ? RunnerChannel.moveDescriptor(RunnerChannel.jobDescriptor) : -1
        if !job.session { close(RunnerChannel.jobDescriptor) }
        // The reply leaves from a descriptor of the runner's own, and carries the job's nonce: the
        // model's code writing a frame to descriptor 4 reaches nobody, and a frame without the nonce
        // is not believed (DECISIONS.md, "A runner's reply is its own").
        replyDescriptor = RunnerChannel.moveReplyDescriptor()
        while true {
            serve(job, types: types, decoder: makeDecoder)
            // The end of the channel (or a frame that is not a job) ends the session.
            guard let frame = try? Frame.read(from: jobs), frame.kind == RunnerChannel.Kind.job.rawValue,
                let next = try? FrameDecoder().decode(RunnerJob.self, from: frame.body)
            else { _exit(0) }
            job = next
        }
    }

    /// Decodes one job and writes its reply (``finish(_:streaming:)``: a job that is not a
    /// session's exits there).
    private static func serve(_ job: RunnerJob, types: [any RunnableType], decoder makeDecoder: ((RunnerOptions) -> JSONDecoder)?) {
        replyLock.withLock {
            generation += 1
            replied = false
        }
        nonce = job.nonce
        session = job.session
        spelling = nil
        ThrowWatch.count = 0
        guard let data = FileManager.default.contents(atPath: job.payload) else {
            return finish(RunnerReply(ok: false, problem: "cannot read \(job.payload)"))
        }
        guard job.type >= 0, job.type < types.count else {
            return finish(RunnerReply(ok: false, problem: "no type \(job.type) in this runner"))
        }
        let target = types[job.type]
        if let screen = job.screen { return finish(self.screen(screen, data, target, job: job, decoder: makeDecoder)) }
        let decoder = makeDecoder?(job.options) ?? job.options.decoder()
        switch decoder.keyDecodingStrategy {
        case .useDefaultKeys: keys = .useDefaultKeys
        case .convertFromSnakeCase: keys = .convertFromSnakeCase
        case .custom(let convert):
            keys = nil
            spelling = PayloadSpelling(convert: convert, payload: data, json5: decoder.allowsJSON5)
        @unknown default: keys = nil
        }
        if let batch = job.batch {
            // Each element on its own (all-errors mode): the same type at each path, in order, each
            // answer in a frame of its own as soon as it is known, so that an element whose decode
            // hangs or traps is known by the answers before it, and the worker can go on past it.
            var allOK = true
            for steps in batch {
                var reply: RunnerReply
                do {
                    _ = try target.decode(decoder, data, steps: steps, traced: false)
                    reply = RunnerReply(ok: true)
                } catch {
                    reply = RunnerReply(ok: false, error: RunnerReply.Failure(error))
                }
                if let error = reply.error, spelling != nil { reply.error = spelling?.spell(error) }
                allOK = allOK && reply.ok
                reply.nonce = nonce
                reply.keys = keys
                (try? RunnerChannel.frame(.batchItem, reply))?.write(to: replyDescriptor)
            }
            return finish(RunnerReply(ok: allOK))
        }
        let tracer = Tracer()
        Tracer.current = tracer
        if job.trace, let limit = job.timeLimit { watch(tracer, limit: limit) }
        let trace = { job.trace ? tracer.calls : nil }
        // An untraced decode counts the throws (for nothing, when none happens); a traced one keeps its ledger.
        let ledger = ThrowWatch.isOn
        let hooked = ledger && !job.trace && ThrowWatch.start()
        let caught = { (final: RunnerReply.Failure?) -> [RunnerReply.Caught]? in
            guard ledger else { return nil }
            let found =
                job.trace
                ? tracer.ledger.caught(endingWith: final)
                : caughtAgain(target, decoder, data, job: job, throws: hooked ? ThrowWatch.count : nil, final: final)
            return found.isEmpty ? nil : found
        }
        do {
            let value = try target.decode(decoder, data, steps: job.steps, traced: job.trace)
            var reply = RunnerReply(ok: true, trace: trace())
            reply.caught = caught(nil)
            guard job.wantsValue else { return finish(reply) }
            if job.valueAsJSON {
                // The value's JSON text in frames of its own, written as the value is walked: no tree
                // of it is built, crosses or is decoded again.
                return finish(reply, streaming: value)
            }
            reply.value = DecodedValue.make(value)
            finish(reply)
        } catch {
            let failure = RunnerReply.Failure(error)
            var reply = RunnerReply(ok: false, error: failure, trace: trace())
            reply.caught = caught(failure)
            finish(reply)
        }
    }

    /// Screens each body of the payload file (``ScreenFile``): decoded plainly at the job's steps
    /// with a decoder of its own (as a check of the body alone makes one), its throws counted
    /// (``ThrowWatch``).
    private static func screen(
        _ count: Int, _ data: Data, _ target: any RunnableType, job: RunnerJob, decoder makeDecoder: ((RunnerOptions) -> JSONDecoder)?
    ) -> RunnerReply {
        guard let bodies = ScreenFile.bodies(in: data, count: count) else {
            return RunnerReply(ok: false, problem: "the screening file does not hold \(count) bodies")
        }
        let counts = ThrowWatch.isOn && ThrowWatch.start()
        var verdicts: [ScreenVerdict] = []
        verdicts.reserveCapacity(bodies.count)
        for body in bodies {
            let decoder = makeDecoder?(job.options) ?? job.options.decoder()
            ThrowWatch.count = 0
            do {
                _ = try target.decode(decoder, data.subdata(in: body), steps: job.steps, traced: false)
                verdicts.append(counts && ThrowWatch.count == 0 ? .decodes : .decodesAfterThrowing)
            } catch {
                verdicts.append(.fails)
            }
        }
        var reply = RunnerReply(ok: true)
        reply.screened = ScreenVerdicts(verdicts)
        return reply
    }

    /// The errors an untraced decode's code caught: none when it threw nothing (`throws`, counted by
    /// ``ThrowWatch``; nil when it could not count), or threw only the error it ended with, once;
    /// otherwise the same decode again, traced for its ledger only (``Tracer/recordsCalls`` off), with
    /// what the model's code prints the second time discarded: the reply's output is the first run's.
    private static func caughtAgain(
        _ target: any RunnableType, _ decoder: JSONDecoder, _ data: Data, job: RunnerJob, throws count: Int?,
        final: RunnerReply.Failure?
    ) -> [RunnerReply.Caught] {
        if let count, count == 0 || (final != nil && count == 1) { return [] }
        let tracer = Tracer(recordsCalls: false)
        Tracer.current = tracer
        Quiet.run { _ = try? target.decode(decoder, data, steps: job.steps, traced: true) }
        return tracer.ledger.caught(endingWith: final)
    }

    /// Where the reply goes: ``RunnerChannel/replyDescriptor`` until the job is read, then a copy of
    /// it that the model's code is not told of.
    nonisolated(unsafe) private static var replyDescriptor = RunnerChannel.replyDescriptor
    /// The job's nonce, echoed in the reply.
    nonisolated(unsafe) private static var nonce: String?
    /// The key strategy of the decoder in use, said in the reply (``RunnerReply/keys``).
    nonisolated(unsafe) private static var keys: RunnerOptions.Keys?
    /// A `.custom` key strategy's way back to the payload's keys.
    nonisolated(unsafe) private static var spelling: PayloadSpelling?

    /// Whether the job in hand is a session's: its reply does not end the runner.
    nonisolated(unsafe) private static var session = false

    /// Guards the reply: the decode's end and the watchdog race for it, and only one writes.
    private static let replyLock = NSLock()
    nonisolated(unsafe) private static var replied = false
    /// The number of the job in hand: a watchdog of an earlier job of a session says nothing.
    nonisolated(unsafe) private static var generation = 0

    /// Writes the reply (after the text of `value`, if given, in parts: ``ValueJSONWriter``) and
    /// exits, unless the job is a session's; the model's buffered output is flushed first, and a
    /// session's job then marks the end of it on standard output and error
    /// (``RunnerChannel/outputMark(nonce:)``). Whoever comes second (the watchdog, while the value
    /// is written) waits for the exit, or, after a session's reply, says nothing. `watching`: the
    /// job a watchdog was started for; it always ends the runner, whose decode is still running.
    static func finish(_ reply: RunnerReply, streaming value: Any? = nil, watching: Int? = nil) {
        replyLock.lock()
        if replied || (watching != nil && watching != generation) {
            let waitsForTheExit = !session || watching == nil
            replyLock.unlock()
            guard waitsForTheExit else { return }
            while true { pause() }
        }
        replied = true
        replyLock.unlock()
        fflush(nil)
        if session, let nonce {
            let mark = RunnerChannel.outputMark(nonce: nonce)
            for descriptor: Int32 in [1, 2] { PipeWriter.writeAll(Data(mark), to: descriptor) }
        }
        let channel = replyDescriptor
        if let value {
            var writer = ValueJSONWriter { part in
                Frame(kind: RunnerChannel.Kind.valueJSON.rawValue, body: part).write(to: channel)
            }
            writer.writeWhole(value)
        }
        var reply = reply
        if spelling != nil {
            // The app's decoder converted keys with its own closure: the paths are said in the payload's keys too.
            if let error = reply.error { reply.error = spelling?.spell(error) }
            if let calls = reply.trace { reply.trace = spelling?.spell(calls) }
            reply.caught = reply.caught?.map { caught in
                var caught = caught
                if let spelled = spelling?.spell(caught.error) { caught.error = spelled }
                return caught
            }
        }
        if let calls = reply.trace {
            Frame(kind: RunnerChannel.Kind.trace.rawValue, body: TraceBytes.encode(calls)).write(to: channel)
            reply.trace = nil
        }
        reply.nonce = nonce
        reply.keys = keys
        let frame =
            (try? RunnerChannel.frame(.reply, reply))
            ?? (try? RunnerChannel.frame(.reply, RunnerReply(ok: false, problem: "the reply could not be written", nonce: nonce)))
        frame?.write(to: channel)
        if !session || watching != nil { _exit(0) }
    }

    /// After `limit` seconds, says which container call the decode made last, and ends the runner
    /// (``Watchdog``).
    private static func watch(_ tracer: Tracer, limit: Double) {
        tracer.isWatched = true
        Watchdog.watch(job: replyLock.withLock { generation }, tracer: tracer, limit: limit)
    }
}

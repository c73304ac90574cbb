import CodableExplorerRunner
import DecodingEngine
import Foundation

/// Many decodes in one worker child: `check` over a capture sends every entry's ``DecodeJob``
/// to the same child, which answers them in order, each up to its ``WorkerReply/end`` (or a
/// failure). The child parses the model once and, in compiled mode, finds the runner built for
/// every type of the session (``DecodeJob/sessionTypes``) after the first compile; no process is
/// started per entry in schema mode.
///
/// Jobs can be sent before the replies of those before them are read (``submit(_:)``, then
/// ``collect(_:reply:)``): the child goes from one job to the next while the caller prints the
/// last one's answer. The child answers in the order the jobs were sent; a job may be collected
/// before one sent ahead of it, whose replies are then kept until it is collected.
///
/// A child that dies on a job (Foundation trapped on a body) answers that job with the failure
/// ``DecodeClient`` would report; the jobs sent after it go to a new child.
public final class DecodeSession: @unchecked Sendable {
    private let executable: URL
    private let arguments: [String]
    private let environment: [String: String]
    private var child: Child?
    /// How many children this session started (1 unless one died).
    public private(set) var childrenStarted = 0
    /// The running child's process id, if one runs.
    public var childProcessID: pid_t? { child?.process.pid }
    /// The number the next job gets (``DecodeJob/request``): each reply names the job it answers.
    private var nextRequest = 1
    /// The jobs sent whose replies are not all read, oldest first: the order the child answers them.
    private var pending: [Pending] = []
    /// Jobs submitted inside ``together(_:)`` wait to be written with the others.
    private var holds = false
    /// Answers read past the end of the job being collected: those of the jobs after it.
    private var backlog: [WorkerFrames.Answer] = []
    /// The replies of jobs answered before they were collected (a job collected first that was
    /// sent after them), by request, each up to its end or failure.
    private var kept: [Int: [WorkerReply]] = [:]
    /// Writes the jobs' frames to the child in order, off the caller's thread: a job larger than the
    /// pipe must not stall the caller, who reads the replies the child writes meanwhile. A frame that
    /// surely fits in the pipe is written on the caller's thread (``writePending()``).
    private let writer = DispatchQueue(label: "DecodeSession.input")
    /// How many frames are handed to `writer` and not yet written (the next frame goes after them).
    private let queue = NSLock()
    private var queued = 0
    /// What the pipe to the child holds at least: a page, what a Linux pipe shrinks to when the
    /// user's pipes are over their limit (a macOS pipe holds 16 KB).
    static let surelyFits = 4096

    /// A job sent and not yet answered in full.
    private struct Pending {
        var request: Int
        var frame: Data
        /// Sent ahead (``send(ahead:)``): of its replies only a compile start is told, to the job
        /// collected next.
        var ahead: Bool
        /// Written to the running child; not once a child died (it is written again to the next).
        var written = false
    }

    /// A job sent on the session, to collect its replies by (``collect(_:reply:)``).
    public struct Ticket: Sendable, Hashable {
        let request: Int
        /// Why the job was not sent: it is answered with this failure.
        let refusal: WorkerFailure?
    }

    /// The running child: its pipes and the reader of its frames.
    private struct Child {
        var process: SupervisedProcess
        var input: Int32
        var output: FileHandle
        var errors: ErrorCollector
        var reader = WorkerFrames.Reader()
    }

    public init(
        executable: URL = DecodeClient.selfExecutable, arguments: [String] = DecodeClient.workerArguments,
        environment: [String: String] = [:]
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }

    deinit { close() }

    /// Runs one job on the session's child and collects its replies (as ``DecodeClient/run(_:compiling:)``).
    public func run(_ job: DecodeJob, compiling: (CompileStart) -> Void = { _ in }) -> DecodeClient.Run {
        collect(submit(job), compiling: compiling)
    }

    /// Runs one job, calling `reply` for each of its replies, the last being ``WorkerReply/end``
    /// or a failure.
    public func run(_ job: DecodeJob, reply: (WorkerReply) -> Void) {
        collect(submit(job), reply: reply)
    }

    /// Sends a job now; its replies are read by ``collect(_:reply:)``, in the order the jobs were
    /// submitted. A job whose value is asked for on demand is not for a session: it is refused.
    public func submit(_ job: DecodeJob) -> Ticket {
        send(job, ahead: false)
    }

    /// Sends a job whose replies no one waits for, so that the worker works on it while the caller
    /// does something else: a capture's check sends a job of no body ahead, and the worker reads the
    /// models, finds the runner (or compiles it) and starts it while the capture is read
    /// (``CaptureCheck/warm(_:bodies:)``). Its replies are read
    /// before the next job's: a compile start among them is told to that job, anything else is
    /// dropped (the next job of the same models meets a failure again, and says it).
    public func send(ahead job: DecodeJob) {
        _ = send(job, ahead: true)
    }

    private func send(_ job: DecodeJob, ahead: Bool) -> Ticket {
        var job = job
        job.request = nextRequest
        nextRequest += 1
        guard job.value != .onDemand else {
            return Ticket(request: job.request, refusal: .job("a session's jobs cannot keep their value for queries"))
        }
        let frame: Data
        do { frame = try WorkerInput.frame(job) } catch {
            return Ticket(request: job.request, refusal: .job("the decode job cannot be written: \(error)"))
        }
        // A child whose input was ended (``endInput()``) answers nothing more: it goes, and a new one
        // comes; while it still answers the jobs sent before (``lastJobSent()``), none is sent.
        if let running = child, running.input < 0 {
            guard pending.isEmpty else {
                return Ticket(request: job.request, refusal: .job("no job follows the last one of this session"))
            }
            _ = endChild(terminating: false)
        }
        pending.append(Pending(request: job.request, frame: frame, ahead: ahead))
        // A child that cannot start is said by the job, when it is collected.
        if child == nil { child = try? start() }
        if !holds { writePending() }
        return Ticket(request: job.request, refusal: nil)
    }

    /// Collects the replies of a submitted job (as ``DecodeClient/run(_:compiling:)``).
    public func collect(_ ticket: Ticket, compiling: (CompileStart) -> Void = { _ in }) -> DecodeClient.Run {
        var run = DecodeClient.Run()
        collect(ticket) { reply in run.add(reply, compiling: compiling) }
        return run
    }

    /// Calls `reply` for each reply of a submitted job, the last being ``WorkerReply/end`` or a
    /// failure. The replies of jobs submitted before it and not yet collected are read and kept
    /// for their own collect; each job is collected once.
    public func collect(_ ticket: Ticket, reply: (WorkerReply) -> Void) {
        if let refusal = ticket.refusal { return reply(.failure(refusal)) }
        if let replies = kept.removeValue(forKey: ticket.request) { return replies.forEach(reply) }
        guard pending.contains(where: { $0.request == ticket.request }) else {
            return reply(.failure(.job("request \(ticket.request) is not waiting for its replies")))
        }
        while let oldest = pending.first {
            let mine = oldest.request == ticket.request
            if child == nil {
                do { child = try start() } catch {
                    pending.removeFirst()
                    guard mine else { continue }
                    return reply(.failure(.broken(status: -1, message: "cannot start the decoding worker: \(error.description)")))
                }
                writePending()
            }
            let answer: WorkerFrames.Answer
            switch nextAnswer() {
            case .answer(let next): answer = next
            case .ended:
                // The child ended in the middle of the oldest job: that job's failure; the jobs
                // after it go to a new child.
                let failure = ended()
                pending.removeFirst()
                if mine { return reply(.failure(failure)) }
                if !oldest.ahead { kept[oldest.request, default: []].append(.failure(failure)) }
                continue
            case .unreadable(let problem):
                cancel()
                return reply(.failure(.broken(status: 0, message: "the decoding worker's reply is unreadable (\(problem))")))
            }
            guard answer.answers(request: oldest.request) else {
                cancel()
                return reply(
                    .failure(.broken(status: 0, message: "the decoding worker answered request \(answer.request), not \(oldest.request)")))
            }
            if mine {
                reply(answer.reply)
            } else if oldest.ahead {
                if case .compiling = answer.reply { reply(answer.reply) }
            } else {
                kept[oldest.request, default: []].append(answer.reply)
            }
            if answer.reply.endsJob {
                pending.removeFirst()
                if mine { return }
            }
        }
    }

    /// Starts the child, if it is not running, ahead of the first job (it loads while the caller
    /// prepares the job); a child that cannot start is said by the job.
    public func begin() {
        if child == nil { child = try? start() }
    }

    /// Says that no job follows those collected: the child reads the end of its input and exits
    /// (its runner with it) while the caller does what is left, and ``close()`` then only waits for
    /// it. Nothing happens while a job is still out; a job sent after starts a new child.
    public func endInput() {
        guard pending.isEmpty else { return }
        lastJobSent()
    }

    /// Says that the jobs sent are the session's last, while they are still out: the child answers
    /// them, reads the end of its input and exits (its runner with it) while the caller collects
    /// them and does what is left (a capture's last entries printed). A job sent after, before they
    /// are all collected, is refused.
    public func lastJobSent() {
        guard var running = child, running.input >= 0, pending.allSatisfy(\.written) else { return }
        waitForWrites()
        Foundation.close(running.input)
        running.input = -1
        child = running
    }

    /// Ends the session: the child reads the end of its input and exits. A job still out (sent
    /// ahead, say, that no job came after: it may be compiling a runner no entry needs) is not
    /// waited for: the child is ended, as ``cancel()`` does.
    public func close() {
        kept = [:]
        guard pending.isEmpty else { return cancel() }
        _ = endChild(terminating: false)
    }

    /// Ends the session now: the child, and the runner and swiftc it started, are ended, not
    /// waited for (the caller gives up, say because the capture cannot be read; or the child broke
    /// the protocol). The jobs still out are dropped: one collected after is no longer waiting.
    public func cancel() {
        pending = []
        backlog = []
        kept = [:]
        _ = endChild(terminating: true)
    }

    /// Ends the child (`terminating` it, or letting it read the end of its input), waits for it,
    /// and says how it ended and what it wrote on standard error; nil when none runs.
    private func endChild(terminating: Bool) -> (SupervisedProcess.Termination, String)? {
        guard let running = child else { return nil }
        child = nil
        backlog = []
        if terminating { running.process.terminate() }
        // Only once no write is queued is its pipe closed (a write to a child that is gone fails at once).
        waitForWrites()
        if running.input >= 0 { Foundation.close(running.input) }
        let termination = running.process.wait()
        return (termination, running.errors.text())
    }

    /// Returns once every frame handed to the writer's queue is written: at once when none is (a
    /// hop to that thread and back is a millisecond or more on a busy machine, at the end of a check).
    private func waitForWrites() {
        if queue.withLock({ queued > 0 }) { writer.sync {} }
    }

    /// Writes to the running child each pending job it has not been given, in order.
    private func writePending() {
        guard let running = child else { return }
        let input = running.input
        // The frames not yet written go in one write: the worker finds them all there at once
        // (``together(_:)``), and reads ahead those behind the one it serves.
        var frames = Data()
        for index in pending.indices where !pending[index].written {
            pending[index].written = true
            frames.append(pending[index].frame)
        }
        guard !frames.isEmpty else { return }
        // The most the pipe can hold now: the frames of the jobs not answered in full, these
        // included (the child reads a job whole before it answers). When that fits and no frame is
        // queued, a write cannot block: it is made here, saving the hop to the writer's thread
        // (a millisecond or more while the reader, the worker and the runner share two cores).
        let unread = pending.reduce(0) { $0 + ($1.written ? $1.frame.count : 0) }
        let direct = queue.withLock { queued == 0 }
        if direct, unread <= Self.surelyFits {
            _ = PipeWriter.writeAll(frames, to: input)
            return
        }
        queue.withLock { queued += 1 }
        writer.async { [frames] in
            _ = PipeWriter.writeAll(frames, to: input)
            self.queue.withLock { self.queued -= 1 }
        }
    }

    /// Submits the jobs `body` submits together: their frames are written at once when it returns
    /// (a capture's entries checked alone and the next batch's screens, read ahead by the worker,
    /// ``WorkerInbox``, so that their runner jobs follow each other on the runner's channel).
    public func together<T>(_ body: () throws -> T) rethrows -> T {
        holds = true
        defer {
            holds = false
            writePending()
        }
        return try body()
    }

    /// What the child said next.
    private enum Next {
        case answer(WorkerFrames.Answer)
        /// The child ended (it is gone once ``ended()`` has been asked why).
        case ended
        /// Its output is not frames: the protocol is broken.
        case unreadable(String)
    }

    /// The next answer of the child, from those read ahead or from its output.
    private func nextAnswer() -> Next {
        while backlog.isEmpty {
            guard var running = child else { return .ended }
            let chunk = running.output.availableData
            if chunk.isEmpty { return .ended }
            do { backlog = try running.reader.feed([UInt8](chunk)) } catch { return .unreadable("\(error)") }
            child = running
        }
        return .answer(backlog.removeFirst())
    }

    private func start() throws(SupervisedProcess.SpawnError) -> Child {
        // The first child may be the one started ahead for this process's command (``EarlyWorker``).
        let process: SupervisedProcess
        if let early = EarlyWorker.take(executable: executable, arguments: arguments, environment: environment) {
            process = early
        } else {
            process = try SupervisedProcess(
                executable.path, arguments, .init(writesInput: true, leadsGroup: true, environment: environment))
        }
        childrenStarted += 1
        return Child(
            process: process, input: process.takeInput(), output: FileHandle(fileDescriptor: process.output, closeOnDealloc: true),
            errors: ErrorCollector(FileHandle(fileDescriptor: process.errorOutput, closeOnDealloc: true)))
    }

    /// Why the child ended in the middle of a job, as ``DecodeClient`` says it; the child is gone,
    /// and the jobs it did not answer are to be written to the next.
    private func ended() -> WorkerFailure {
        guard let (termination, message) = endChild(terminating: false) else {
            return .broken(status: 0, message: "the decoding worker is gone")
        }
        for index in pending.indices { pending[index].written = false }
        return DecodeClient.failure(ending: termination, message: message, killsBefore: nil)
    }
}

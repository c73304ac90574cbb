import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// The parent's side of a decode in a worker child: starts the child (this program run as
/// `decode-worker`), hands it the ``DecodeJob`` on standard input, and reads its replies as
/// they come. A crash inside Foundation or the model's code ends the child, never the caller;
/// ``cancel()`` ends it at once. One child per decode: it sends the verdict first, then the
/// teaching, on the same channel; a job that asks for its value on demand keeps the child until
/// ``closeInput()`` (or ``cancel()``), answering each ``ask(_:)`` on that channel too.
public final class DecodeClient: @unchecked Sendable {
    /// Everything a finished run sent, in order (see ``run(_:compiling:)``); a reply of a new kind
    /// is read from ``replies`` where it is used.
    public struct Run: Sendable {
        public init() {}

        public var replies: [WorkerReply] = []

        /// The verdict, with the decoded value as a tree when it came.
        public var report: DecodeReport? {
            var found: DecodeReport?
            for reply in replies {
                if case .report(let report, _) = reply { found = report }
                if case .value(let value) = reply { found?.value = value }
            }
            return found
        }

        public var facts: PreparedFacts? { replies.lazy.compactMap { if case .report(_, let facts) = $0 { facts } else { nil } }.first }
        public var teaching: TeachingReport? { replies.lazy.compactMap { if case .teaching(let t) = $0 { t } else { nil } }.first }
        /// The decoded value as check-output.md's JSON, when the job asked for it so.
        public var valueJSON: ValueJSON? { replies.lazy.compactMap { if case .valueJSON(let v) = $0 { v } else { nil } }.first }
        /// A screening job's verdicts, one per body.
        public var screened: [ScreenVerdict]? {
            replies.lazy.compactMap { if case .screened(let screened) = $0 { screened.verdicts } else { nil } }.first
        }
        /// Why the run ended early; when `report` is set, it ended during the teaching.
        public var failure: WorkerFailure? { replies.lazy.compactMap { if case .failure(let f) = $0 { f } else { nil } }.last }

        /// Keeps a reply; `compiling` hears when swiftc starts.
        mutating func add(_ reply: WorkerReply, compiling: (CompileStart) -> Void) {
            if case .compiling(let start) = reply { compiling(start) }
            replies.append(reply)
        }
    }

    private let executable: URL
    private let arguments: [String]
    private let environment: [String: String]
    private let lock = NSLock()
    private var process: SupervisedProcess?
    private var isCancelled = false
    /// Writes to the child's standard input, in order, off the caller's thread (a child busy
    /// teaching reads no query, and a full pipe must not stall the explorer's input loop).
    private let inputQueue = DispatchQueue(label: "DecodeClient.input")
    /// The child's standard input while it takes queries; touched on `inputQueue` only.
    private var input: FileHandle?

    /// A client of `executable arguments` (by default this program's `decode-worker`), whose
    /// child has this process's environment with `environment` added (tests give it their
    /// runner cache this way: a `setenv` in one test was seen not to reach the child, and
    /// would change every other test's children as well).
    public init(
        executable: URL = DecodeClient.selfExecutable, arguments: [String] = DecodeClient.workerArguments,
        environment: [String: String] = [:]
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }

    /// The arguments that make this program the worker.
    public static let workerArguments = ["decode-worker"]

    /// This program, which runs the worker in a child process.
    public static var selfExecutable: URL { ThisExecutable.url }

    /// Runs the job and collects its replies; `compiling` hears when swiftc starts.
    public func run(_ job: DecodeJob, payload: [UInt8]? = nil, compiling: (CompileStart) -> Void = { _ in }) -> Run {
        var run = Run()
        self.run(job, payload: payload) { reply in run.add(reply, compiling: compiling) }
        return run
    }

    /// Runs the job, calling `reply` on this thread for each reply as it arrives. When the
    /// child ends without finishing, the last reply is a ``WorkerReply/failure(_:)``. Returns
    /// once the child is gone.
    /// `payload`: the bytes of a job whose payload is attached (``DecodeJob/payloadAttached``).
    public func run(_ job: DecodeJob, payload: [UInt8]? = nil, reply: (WorkerReply) -> Void) {
        var jobData: Data
        do { jobData = try WorkerInput.frame(job) } catch {
            reply(.failure(.job("the decode job cannot be written: \(error)")))
            return
        }
        let killsBefore = OutOfMemoryKills.count()
        lock.lock()
        if isCancelled { lock.unlock(); reply(.failure(.cancelled)); return }
        // In a process group of its own, which it ends when this process dies (ParentWatch), and
        // which ``cancel()`` ends: its runner and swiftc never outlive it.
        // One started ahead for this process's command (``EarlyWorker``), else one started now.
        let child: SupervisedProcess
        if let early = EarlyWorker.take(executable: executable, arguments: arguments, environment: environment) {
            child = early
        } else {
            do {
                child = try SupervisedProcess(
                    executable.path, arguments, .init(writesInput: true, leadsGroup: true, environment: environment))
            } catch {
                lock.unlock()
                reply(.failure(.broken(status: -1, message: "cannot start the decoding worker: \(error.description)")))
                return
            }
        }
        process = child
        lock.unlock()
        let input = FileHandle(fileDescriptor: child.takeInput(), closeOnDealloc: false)
        // The job is written before the reading starts when it fits in the pipe.
        let attached = job.payloadAttached ? (payload ?? []) : nil
        if let attached { jobData.append(WorkerInput.payloadHeader(count: attached.count)) }
        let jobFrames = jobData
        let writesAhead = jobFrames.count + (attached?.count ?? 0) < 32_768
        if writesAhead {
            PipeWriter.writeAll(jobFrames, to: input.fileDescriptor)
            if let attached { PipeWriter.writeAll(Data(attached), to: input.fileDescriptor) }
        }
        let keepsInput = job.value == .onDemand
        inputQueue.async { [self] in
            if !writesAhead {
                _ = PipeWriter.writeAll(jobFrames, to: input.fileDescriptor)
                if let attached { _ = PipeWriter.writeAll(Data(attached), to: input.fileDescriptor) }
            }
            if keepsInput { self.input = input } else { try? input.close() }
        }
        // Read stderr on the side so a chatty child cannot block on a full pipe.
        let errors = ErrorCollector(FileHandle(fileDescriptor: child.errorOutput, closeOnDealloc: true))
        var reader = WorkerFrames.Reader()
        // The stream's end came (``WorkerReply/end``, or a failure): everything the job asked for.
        var finished = false
        var problem: WorkerFailure?
        let handle = FileHandle(fileDescriptor: child.output, closeOnDealloc: true)
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            guard problem == nil else { continue }
            do {
                for answer in try reader.feed([UInt8](chunk)) {
                    guard answer.answers(request: job.request) else {
                        problem = .broken(status: 0, message: "the decoding worker answered request \(answer.request), not \(job.request)")
                        break
                    }
                    if answer.reply.endsJob { finished = true }
                    reply(answer.reply)
                }
            } catch {
                problem = .broken(status: 0, message: "the decoding worker's reply is unreadable (\(error))")
            }
        }
        let termination = child.wait()
        closeInput()
        let message = errors.text()
        lock.lock()
        let cancelled = isCancelled
        process = nil
        lock.unlock()
        if cancelled { reply(.failure(.cancelled)); return }
        if case .signalled = termination {
            reply(.failure(Self.failure(ending: termination, message: message, killsBefore: killsBefore)))
            return
        }
        if let problem { reply(.failure(problem)); return }
        if !finished, case .exited = termination {
            reply(.failure(Self.failure(ending: termination, message: message, killsBefore: killsBefore)))
        }
    }

    /// Why a child that ended this way, before the end of its replies, gave no more: a fault's
    /// signal is a crash, another signal a kill from outside, an exit a broken worker (`message`,
    /// the end of its stderr, says why).
    static func failure(ending termination: SupervisedProcess.Termination, message: String, killsBefore: Int?) -> WorkerFailure {
        switch termination {
        case .signalled(let signal):
            if WorkerFailure.isFault(signal) { return .crashed(signal: signal, message: message) }
            return .killed(signal: signal, reason: killReason(signal, killsBefore: killsBefore))
        case .exited(let status):
            return .broken(status: status, message: message.isEmpty ? "the decoding worker ended without a verdict" : message)
        }
    }

    static func killReason(_ signal: Int32, killsBefore: Int?) -> String {
        if signal == SIGKILL, OutOfMemoryKills.more(than: killsBefore) == true {
            return "the system's out-of-memory killer ended it (memory ran out)"
        }
        if signal == SIGKILL {
            return "SIGKILL came from outside codable-explorer (the out-of-memory killer sends it when memory runs out)"
        }
        return "ended from outside codable-explorer"
    }

    /// Sends a query to a child serving a job with ``DecodeJob/ValueDelivery/onDemand``, without
    /// waiting; its answer arrives as a ``WorkerReply/nodeValue(query:_:)`` reply of ``run(_:reply:)``.
    /// A query for a child that is gone is dropped (``run(_:reply:)`` has ended, or is ending).
    public func ask(_ query: ValueQuery) {
        guard let frame = try? WorkerInput.frame(query) else { return }
        inputQueue.async { [self] in
            guard let input else { return }
            _ = PipeWriter.writeAll(frame, to: input.fileDescriptor)
        }
    }

    /// Ends the child's standard input: a child taking queries finishes and exits.
    public func closeInput() {
        inputQueue.async { [self] in
            try? input?.close()
            input = nil
        }
    }

    /// The running child's process id (nil before it starts and after it ends).
    public var childProcessID: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return process?.pid
    }

    /// Ends the child and its whole group (its runner, swiftc and the compilers it started), if
    /// one is running; `run` then ends with ``WorkerFailure/cancelled``.
    public func cancel() {
        lock.lock()
        isCancelled = true
        let running = process
        lock.unlock()
        running?.terminate()
    }
}

/// Drains a pipe on a background thread and keeps its last few kilobytes.
final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let all = handle.readDataToEndOfFile()
            data = all.suffix(4096)
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

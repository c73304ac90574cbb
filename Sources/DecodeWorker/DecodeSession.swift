import CodableExplorerRunner
import DecodingEngine
import Foundation

/// Many decodes in one worker child: `check` over a capture sends every entry's ``DecodeJob``
/// to the same child, one after another, and reads each job's replies up to its
/// ``WorkerReply/end`` (or a failure) before sending the next. The child parses the model once
/// and, in compiled mode, finds the runner built for every type of the session (``DecodeJob/sessionTypes``)
/// after the first compile; no process is started per entry in schema mode.
///
/// A child that dies on a job (Foundation trapped on a body) answers that job with the failure
/// ``DecodeClient`` would report, and the next job starts a new child.
public final class DecodeSession: @unchecked Sendable {
    private let executable: URL
    private let arguments: [String]
    private let environment: [String: String]
    private var child: Child?
    /// How many children this session started (1 unless one died).
    public private(set) var childrenStarted = 0
    /// The number the next job gets (``DecodeJob/request``): each reply names the job it answers.
    private var nextRequest = 1
    /// The number of the job sent ahead (``send(ahead:)``) whose replies are not read yet.
    private var ahead: Int?

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
        var run = DecodeClient.Run()
        self.run(job) { reply in run.add(reply, compiling: compiling) }
        return run
    }

    /// Runs one job, calling `reply` for each of its replies, the last being ``WorkerReply/end``
    /// or a failure. A job whose value is asked for on demand is not for a session: it is refused.
    public func run(_ job: DecodeJob, reply: (WorkerReply) -> Void) {
        var job = job
        job.request = nextRequest
        nextRequest += 1
        guard job.value != .onDemand else {
            reply(.failure(.job("a session's jobs cannot keep their value for queries")))
            return
        }
        let frame: Data
        do { frame = try WorkerInput.frame(job) } catch {
            reply(.failure(.job("the decode job cannot be written: \(error)")))
            return
        }
        if child == nil {
            do { child = try start() } catch {
                reply(.failure(.broken(status: -1, message: "cannot start the decoding worker: \(error.description)")))
                return
            }
        }
        guard var running = child else { return }
        // Written beside the reading: a job larger than the pipe does not stall on a child that writes.
        let input = running.input
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = PipeWriter.writeAll(frame, to: input)
            written.signal()
        }
        defer { written.wait() }
        while true {
            let chunk = running.output.availableData
            if chunk.isEmpty {
                child = nil
                ahead = nil
                reply(.failure(ended(running)))
                return
            }
            let replies: [WorkerFrames.Answer]
            do { replies = try running.reader.feed([UInt8](chunk)) } catch {
                child = nil
                running.process.terminate()
                _ = running.process.wait()
                reply(.failure(.broken(status: 0, message: "the decoding worker's reply is unreadable (\(error))")))
                return
            }
            child = running
            for answer in replies {
                // The job sent ahead is answered first: only its compile start is told.
                if let ahead, answer.request == ahead {
                    if case .compiling = answer.reply { reply(answer.reply) }
                    if answer.reply.endsJob { self.ahead = nil }
                    continue
                }
                guard answer.answers(job) else {
                    child = nil
                    running.process.terminate()
                    _ = running.process.wait()
                    reply(
                        .failure(.broken(status: 0, message: "the decoding worker answered request \(answer.request), not \(job.request)")))
                    return
                }
                reply(answer.reply)
                if answer.reply.endsJob { return }
            }
        }
    }

    /// Sends a job whose replies no one waits for, so that the worker works on it while the caller
    /// does something else: a capture's check sends a job of no body ahead, and the worker reads the
    /// models, finds the runner (or compiles it) and starts it while the capture is read
    /// (``CaptureCheck/warm(_:routes:models:options:timeLimit:bodies:)``). Its replies are read
    /// before the next job's: a compile start among them is told to that job, anything else is
    /// dropped (the next job of the same models meets a failure again, and says it). One at a time.
    public func send(ahead job: DecodeJob) {
        guard ahead == nil, job.value != .onDemand else { return }
        var job = job
        job.request = nextRequest
        guard let frame = try? WorkerInput.frame(job) else { return }
        if child == nil { child = try? start() }
        // The worker reads a job whole before it works on it, and nothing is in flight: the write ends.
        guard let running = child, PipeWriter.writeAll(frame, to: running.input) else { return }
        nextRequest += 1
        ahead = job.request
    }

    /// Starts the child, if it is not running, ahead of the first job (it loads while the caller
    /// prepares the job); a child that cannot start is said by the job.
    public func begin() {
        if child == nil { child = try? start() }
    }

    /// Ends the session: the child reads the end of its input and exits. A job sent ahead that no
    /// job came after is not waited for (it may be compiling a runner no entry needs): the child
    /// is ended, as ``cancel()`` does.
    public func close() {
        guard let running = child else { return }
        guard ahead == nil else { return cancel() }
        child = nil
        Foundation.close(running.input)
        _ = running.process.wait()
        _ = running.errors.text()
    }

    /// Ends the session now: the child, and the runner and swiftc it started, are ended, not
    /// waited for (the caller gives up, say because the capture cannot be read).
    public func cancel() {
        guard let running = child else { return }
        child = nil
        ahead = nil
        running.process.terminate()
        Foundation.close(running.input)
        _ = running.process.wait()
        _ = running.errors.text()
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

    /// Why a child ended in the middle of a job, as ``DecodeClient`` says it.
    private func ended(_ running: Child) -> WorkerFailure {
        Foundation.close(running.input)
        let termination = running.process.wait()
        return DecodeClient.failure(ending: termination, message: running.errors.text(), killsBefore: nil)
    }
}

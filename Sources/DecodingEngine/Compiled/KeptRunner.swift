import CodableExplorerRunner
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One compiled runner kept for job after job of a session (a capture's entries): the jobs go on its
/// channel one at a time (``RunnerJob/session``), each read back up to its reply, instead of one
/// process started per entry. Each job is still supervised on its own, and answered as a runner of
/// its own would answer it (``SupervisedProcess/Collected``, read by ``CompiledDecoder/interpret(_:nonce:)``):
/// - what the model's code printed is the output up to the job's mark on standard output and error
///   (``RunnerChannel/outputMark(nonce:)``);
/// - a job that runs past its time limit ends the runner, and one whose decode traps kills it: that
///   job's answer is the time-out or the crash, and the next job starts a new runner.
public final class KeptRunner: @unchecked Sendable {
    private struct Running {
        var executable: URL
        var process: SupervisedProcess
        /// The runner's descriptor 3: where the jobs go.
        var jobs: Int32
        var exit: ExitWatch
        var reader = Frame.Reader()
        /// The out-of-memory kills counted when it started (``OutOfMemoryKills``): a runner killed
        /// by SIGKILL after more were counted was killed for its memory.
        var killsAtStart: Int?
    }

    private var running: Running?
    private let lock = NSLock()
    /// How many runners it started (1 unless one was ended by a job, or one started ahead was not
    /// the job's runner).
    public private(set) var started = 0

    /// How long, after a reply, the marks of its output are waited for: a model that closed its
    /// standard output never writes them, and its runner is not kept.
    static let markWait = 1.0

    public init() {}

    deinit { close() }

    /// Runs `job` (its nonce set) on the kept runner of `executable`, started first if there is none
    /// (or it is another executable's), and collects what the runner said for it.
    func collect(_ executable: URL, _ job: RunnerJob, limit: Double) throws(CompiledDecoder.Failure) -> SupervisedProcess.Collected {
        lock.lock()
        defer { lock.unlock() }
        var job = job
        job.session = true
        let frame: Frame
        do { frame = try RunnerChannel.frame(.job, job) } catch { throw .runnerFailed(String(describing: error)) }
        if let kept = running, kept.executable != executable || kept.exit.hasFired { end(kept) }
        // A runner that went away between jobs (its write fails) is started again, once.
        for attempt in 0..<2 {
            if running == nil { try start(executable) }
            guard let kept = running else { break }
            if frame.write(to: kept.jobs) {
                return read(kept, nonce: job.nonce ?? "", limit: job.timeLimit == nil ? limit : limit + 2, watched: job.timeLimit != nil)
            }
            end(kept)
            if attempt == 1 { throw .runnerFailed("it did not take its job") }
        }
        throw .runnerFailed("it did not take its job")
    }

    /// Starts the runner at `executable` ahead of its first job, when none runs (a session's worker
    /// starts the one its command line used last, ``RunnerHint``, before the job that names its
    /// runner has come): the first job that names the same runner finds it started, one that names
    /// another ends it (as ``collect(_:_:limit:)`` ends a kept runner of another executable). A
    /// runner that cannot start is not said: the job starts its own and says why not.
    public func prestart(_ executable: URL) {
        lock.withLock {
            guard running == nil else { return }
            try? start(executable)
        }
    }

    /// Starts the runner at `executable` as the kept one (the lock is held).
    private func start(_ executable: URL) throws(CompiledDecoder.Failure) {
        let killsAtStart = OutOfMemoryKills.count()
        let process = try CompiledDecoder.spawn(executable)
        running = Running(
            executable: executable, process: process, jobs: process.takeChannelIn(), exit: ExitWatch(process.pid),
            killsAtStart: killsAtStart)
        started += 1
    }

    /// Ends the kept runner (it reads the end of its channel and exits; it is ended if it does not).
    public func close() {
        lock.withLock {
            if let kept = running { end(kept) }
        }
    }

    /// Ends a runner: between jobs it reads the end of its channel and exits at once; one that does
    /// not within ``markWait`` (in the middle of a job) is terminated.
    private func end(_ kept: Running) {
        running = nil
        Foundation.close(kept.jobs)
        var exit = pollfd(fd: kept.exit.descriptor, events: Int16(POLLIN), revents: 0)
        if kept.exit.descriptor < 0 || poll(&exit, 1, Int32(Self.markWait * 1000)) <= 0 { kept.process.terminate() }
        kept.exit.finish()
        kept.process.endGroup()
        kept.process.closeAll()
        kept.process.wait()
        // Once it is reaped: a worker left with no child at all adopted none, and looks no further.
        Children.endOrphans()
    }

    /// Reads the runner's answer to the job just sent: its frames up to its reply, and its output
    /// up to the job's marks; the runner is let go (and ended) when the job ends it. `watched`: the
    /// job started the runner's watchdog, whose reply (``RunnerReply/stopped``) ends the runner.
    private func read(_ kept: Running, nonce: String, limit: Double, watched: Bool) -> SupervisedProcess.Collected {
        var kept = kept
        let process = kept.process
        var collected = SupervisedProcess.Collected(output: ModelOutput())
        let mark = RunnerChannel.outputMark(nonce: nonce)
        var streams = [process.output: MarkedStream(mark: mark), process.errorOutput: MarkedStream(mark: mark)]
        var open: [Int32] = [process.output, process.errorOutput, process.channelOut, kept.exit.descriptor].filter { $0 >= 0 }
        let deadline = Date().addingTimeInterval(limit)
        var replied: Date?
        var drainUntil: Date?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var keeps = true
        while !open.isEmpty {
            if replied != nil, drainUntil == nil, streams.values.allSatisfy(\.isMarked) { break }
            let now = Date()
            if drainUntil == nil, replied == nil, now >= deadline {
                collected.timedOut = true
                process.terminate()
                drainUntil = now.addingTimeInterval(0.5)
            }
            if let at = replied, drainUntil == nil, now >= at.addingTimeInterval(Self.markWait) {
                keeps = false
                break
            }
            if let drainUntil, now >= drainUntil { break }
            let until = drainUntil ?? replied.map { $0.addingTimeInterval(Self.markWait) } ?? deadline
            let timeout = Int32(max(0, min(Double(Int32.max), until.timeIntervalSince(now) * 1000)).rounded(.up))
            var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polls, nfds_t(polls.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for p in polls where p.revents != 0 {
                if p.fd == kept.exit.descriptor {
                    // It exited: this job ended it (a trap, exit(), a watchdog); the pipes are read out.
                    open.removeAll { $0 == p.fd }
                    process.endLeftovers()
                    keeps = false
                    if drainUntil == nil { drainUntil = Date().addingTimeInterval(0.5) }
                    continue
                }
                let n = buffer.withUnsafeMutableBytes { Foundation.read(p.fd, $0.baseAddress!, $0.count) }
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if n <= 0 {
                    open.removeAll { $0 == p.fd }
                    keeps = false
                    if drainUntil == nil { drainUntil = Date().addingTimeInterval(0.5) }
                    continue
                }
                let bytes = buffer[0..<n]
                if p.fd == process.output {
                    streams[p.fd]?.add(bytes, to: &collected.output.standardOutput)
                } else if p.fd == process.errorOutput {
                    streams[p.fd]?.add(bytes, to: &collected.output.standardError)
                } else if collected.channelProblem == nil {
                    do {
                        let frames = try kept.reader.feed(bytes)
                        collected.frames += frames
                        if let reply = frames.last(where: { $0.kind == RunnerChannel.Kind.reply.rawValue }) {
                            replied = Date()
                            if watched, (try? FrameDecoder().decode(RunnerReply.self, from: reply.body))?.stopped != nil {
                                keeps = false
                            }
                        }
                    } catch {
                        collected.channelProblem = error
                        keeps = false
                    }
                }
            }
        }
        for (fd, stream) in streams {
            // What is held back of an output that never came to its mark is the model's too.
            if fd == process.output { stream.flush(to: &collected.output.standardOutput) }
            if fd == process.errorOutput { stream.flush(to: &collected.output.standardError) }
        }
        guard keeps, !collected.timedOut, collected.channelProblem == nil else {
            running = kept
            end(kept)
            collected.termination = process.wait()
            if case .signalled(SIGKILL) = collected.termination { collected.outOfMemory = OutOfMemoryKills.more(than: kept.killsAtStart) }
            return collected
        }
        running = kept
        return collected
    }
}

/// One of a kept runner's output streams for the job in hand: what it says is the model's output up
/// to the job's mark. The last bytes (as many as the mark) are held back until more come, so that
/// the mark, cut between two reads, is never taken for output.
private struct MarkedStream {
    let mark: [UInt8]
    private var held: [UInt8] = []
    private(set) var isMarked = false

    init(mark: [UInt8]) { self.mark = mark }

    mutating func add(_ bytes: ArraySlice<UInt8>, to output: inout CapturedOutput) {
        guard !isMarked else { return }
        held += bytes
        if held.count >= mark.count, held.suffix(mark.count).elementsEqual(mark) {
            output.append(held.dropLast(mark.count))
            held = []
            isMarked = true
            return
        }
        if held.count > mark.count {
            output.append(held.dropLast(mark.count))
            held.removeFirst(held.count - mark.count)
        }
    }

    func flush(to output: inout CapturedOutput) {
        output.append(held)
    }
}

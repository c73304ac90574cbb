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
///
/// Jobs known ahead (``planning(_:)``: the worker's next jobs, already on its input) go on the channel
/// right behind the job in hand, so that the runner goes from one to the next while the worker
/// teaches and answers the one before: each is read back when it is asked for, if it is asked for
/// as it was planned (else it is read out and dropped). What the runner says for a job is cut out of
/// what it says for the next by the job's nonce (its output marks) and its reply (the last frame of
/// a job), so each job is answered as if it had gone alone; a job that ends the runner ends those
/// behind it, which are sent again, alone, when they are asked for.
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
        /// What was read past the end of the job before: the next jobs' frames, and the output
        /// after its mark on standard output and error (by descriptor).
        var framesAhead: [Frame] = []
        var outputAhead: [Int32: [UInt8]] = [:]
        /// Jobs on the channel not yet read back, in order.
        var queued: [Queued] = []
    }

    /// A job sent ahead of its turn (``planning(_:)``), read back in order; its time limit counts from
    /// when it is asked for (the runner may have begun it a little before).
    private struct Queued {
        var job: RunnerJob
        var limit: Double
    }

    /// A job the worker will ask for next: its runner and its job, nonce and all (``planning(_:)``).
    private struct Planned {
        var executable: URL
        var job: RunnerJob
        var limit: Double
    }

    private var running: Running?
    /// Jobs planned (``planning(_:)``) and not sent yet: they go behind the next job sent.
    private var planned: [Planned] = []
    private var isPlanning = false
    /// At most this many jobs are on the channel at once: the jobs themselves are small, and the
    /// runner's replies wait in their pipes for the worker.
    static let queueDepth = 16
    private let lock = NSLock()
    /// How many runners it started (1 unless one was ended by a job, or one started ahead was not
    /// the job's runner).
    public private(set) var started = 0
    /// How many jobs went on the channel ahead of their turn (``planning(_:)``).
    public private(set) var sentAhead = 0

    /// How long, after a reply, the marks of its output are waited for: a model that closed its
    /// standard output never writes them, and its runner is not kept.
    static let markWait = 1.0

    public init() {}

    deinit { close() }

    /// Runs `job` (its nonce set) on the kept runner of `executable`, started first if there is none
    /// (or it is another executable's), and collects what the runner said for it, with the nonce the
    /// job ran with: its own, or that of the same job sent ahead (``planning(_:)``).
    func collect(
        _ executable: URL, _ job: RunnerJob, limit: Double
    ) throws(CompiledDecoder.Failure) -> (
        SupervisedProcess.Collected, nonce: String
    ) {
        lock.lock()
        defer { lock.unlock() }
        var job = job
        job.session = true
        if isPlanning {
            if planned.count < Self.queueDepth { planned.append(Planned(executable: executable, job: job, limit: limit)) }
            throw .runnerFailed("planned ahead")
        }
        // The job sent ahead as it is asked for now: its answer is read back.
        if let kept = running, kept.executable == executable, let first = kept.queued.first, first.job.sameWork(as: job) {
            running?.queued.removeFirst()
            sendPlanned()
            guard let kept = running else { throw .runnerFailed("it did not take its job") }
            let nonce = first.job.nonce ?? ""
            return (read(kept, nonce: nonce, limit: first.limit, watched: first.job.timeLimit != nil), nonce)
        }
        // Jobs sent ahead and asked for otherwise (or not at all) are read out first; the plan goes
        // behind this job (less this job, if it was planned first).
        dropQueued()
        if let first = planned.first, first.executable == executable, first.job.sameWork(as: job) { planned.removeFirst() }
        let frame: Frame
        do { frame = try RunnerChannel.frame(.job, job) } catch { throw .runnerFailed(String(describing: error)) }
        if let kept = running, kept.executable != executable || kept.exit.hasFired { end(kept) }
        // A runner that went away between jobs (its write fails) is started again, once.
        for attempt in 0..<2 {
            if running == nil { try start(executable) }
            guard let kept = running else { break }
            if frame.write(to: kept.jobs) {
                sendPlanned()
                guard let kept = running else { break }
                let limit = job.timeLimit == nil ? limit : limit + 2
                return (read(kept, nonce: job.nonce ?? "", limit: limit, watched: job.timeLimit != nil), job.nonce ?? "")
            }
            end(kept)
            if attempt == 1 { throw .runnerFailed("it did not take its job") }
        }
        throw .runnerFailed("it did not take its job")
    }

    /// Runs `body` with every job it asks for planned instead of run (``collect(_:_:limit:)`` throws
    /// at once): the worker goes through its next jobs this way, and they are sent behind the next
    /// job it runs (``Planned``). A job the worker then asks for otherwise is not harmed: the one
    /// planned is read out and dropped.
    public func planning(_ body: () -> Void) {
        lock.withLock { isPlanning = true }
        body()
        lock.withLock { isPlanning = false }
    }

    /// Sends the planned jobs of the running runner's executable behind the job just sent, up to
    /// ``queueDepth`` on the channel (the lock is held). A job whose frame cannot be written ends the
    /// runner: the job in hand finds it gone.
    private func sendPlanned() {
        let plans = planned
        planned = []
        guard var kept = running else { return }
        for plan in plans where plan.executable == kept.executable && kept.queued.count < Self.queueDepth {
            guard let frame = try? RunnerChannel.frame(.job, plan.job) else { continue }
            guard frame.write(to: kept.jobs) else { break }
            let limit = plan.job.timeLimit == nil ? plan.limit : plan.limit + 2
            kept.queued.append(Queued(job: plan.job, limit: limit))
            sentAhead += 1
        }
        running = kept
    }

    /// Reads out the jobs sent ahead and not asked for, dropping what they said (the lock is held).
    private func dropQueued() {
        while let kept = running, let first = kept.queued.first {
            running?.queued.removeFirst()
            guard let kept = running else { break }
            _ = read(kept, nonce: first.job.nonce ?? "", limit: first.limit, watched: first.job.timeLimit != nil)
        }
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
        planned = []
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
        // What was read past the job before is this job's first (and maybe all of it).
        for (fd, bytes) in kept.outputAhead where !bytes.isEmpty {
            if fd == process.output { streams[fd]?.add(bytes[...], to: &collected.output.standardOutput) }
            if fd == process.errorOutput { streams[fd]?.add(bytes[...], to: &collected.output.standardError) }
        }
        kept.outputAhead = [:]
        let framesAhead = kept.framesAhead
        kept.framesAhead = []
        if take(framesAhead, into: &collected, kept: &kept, watched: watched, keeps: &keeps) { replied = Date() }
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
                        if replied != nil {
                            kept.framesAhead += frames
                        } else if take(frames, into: &collected, kept: &kept, watched: watched, keeps: &keeps) {
                            replied = Date()
                        }
                    } catch {
                        collected.channelProblem = error
                        keeps = false
                    }
                }
            }
        }
        for (fd, stream) in streams {
            // What is held back of an output that never came to its mark is the model's too; what
            // came after the mark is the next job's.
            if fd == process.output { stream.flush(to: &collected.output.standardOutput) }
            if fd == process.errorOutput { stream.flush(to: &collected.output.standardError) }
            if !stream.after.isEmpty { kept.outputAhead[fd] = stream.after }
        }
        guard keeps, !collected.timedOut, collected.channelProblem == nil else {
            // A job answered in full (its reply and both marks) with jobs sent behind it: the runner
            // ended on one of those (each is sent again, alone, when it is asked for), not on this one.
            let answered =
                replied != nil && streams.values.allSatisfy(\.isMarked) && !kept.queued.isEmpty && !collected.timedOut
                && collected.channelProblem == nil
            running = kept
            end(kept)
            let termination = process.wait()
            guard !answered else { return collected }
            collected.termination = termination
            if case .signalled(SIGKILL) = collected.termination { collected.outOfMemory = OutOfMemoryKills.more(than: kept.killsAtStart) }
            return collected
        }
        running = kept
        return collected
    }

    /// Takes this job's frames from `frames`, up to its reply (a job's last frame), and keeps those
    /// after it for the jobs behind (``Running/framesAhead``); whether the reply was among them.
    private func take(
        _ frames: [Frame], into collected: inout SupervisedProcess.Collected, kept: inout Running, watched: Bool, keeps: inout Bool
    ) -> Bool {
        guard let at = frames.firstIndex(where: { $0.kind == RunnerChannel.Kind.reply.rawValue }) else {
            collected.frames += frames
            return false
        }
        collected.frames += frames[...at]
        kept.framesAhead += frames[(at + 1)...]
        if watched, (try? FrameDecoder().decode(RunnerReply.self, from: frames[at].body))?.stopped != nil {
            keeps = false
        }
        return true
    }
}

extension RunnerJob {
    /// Whether the two jobs ask the runner for the same thing (all but their nonces).
    func sameWork(as other: RunnerJob) -> Bool {
        var mine = self
        var theirs = other
        mine.nonce = nil
        theirs.nonce = nil
        return mine == theirs
    }
}

/// One of a kept runner's output streams for the job in hand: what it says is the model's output up
/// to the job's mark, and what comes after the mark is the next job's (``after``). The last bytes
/// (one fewer than the mark) are held back until more come, so that the mark, cut between two
/// reads, is never taken for output.
struct MarkedStream {
    let mark: [UInt8]
    private var held: [UInt8] = []
    private(set) var isMarked = false
    /// What came after the mark: the output of the jobs behind this one.
    private(set) var after: [UInt8] = []

    init(mark: [UInt8]) { self.mark = mark }

    mutating func add(_ bytes: ArraySlice<UInt8>, to output: inout CapturedOutput) {
        guard !isMarked else {
            after += bytes
            return
        }
        held += bytes
        if let found = held.firstRange(of: mark) {
            output.append(held[..<found.lowerBound])
            after = Array(held[found.upperBound...])
            held = []
            isMarked = true
            return
        }
        if held.count >= mark.count {
            output.append(held.dropLast(mark.count - 1))
            held.removeFirst(held.count - (mark.count - 1))
        }
    }

    func flush(to output: inout CapturedOutput) {
        output.append(held)
    }
}

import CodableExplorerRunner
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SupervisedProcess {
    /// Everything a run of a child said, read to its end.
    public struct Collected: Sendable {
        /// The frames of its channel (descriptor 4), in order.
        public var frames: [Frame] = []
        /// The channel's bytes did not make frames (random bytes, a frame cut short).
        public var channelProblem: Frame.Problem?
        public var output: ModelOutput
        public var termination: Termination = .exited(0)
        /// The child ran past its time limit and was ended.
        public var timedOut = false
        /// The system's out-of-memory killer ended a process meanwhile (nil: the system does not say).
        public var outOfMemory: Bool?
    }

    /// Reads the child's channel, standard output and error (each bounded to `keeping` bytes at each
    /// end), ending the child if it runs past `timeLimit` seconds, then waits for it.
    ///
    /// The run is over when the child exits, not when its pipes close: a background process the
    /// user's code started (`system("sleep 99 &")`) holds them open, and must neither make a decode
    /// that finished look like one that hung, nor outlive it. So once the child has exited, what is
    /// left of its group (and on Linux every orphan this process adopted) is ended, and what the
    /// pipes still hold is read for a moment more.
    public func collect(timeLimit: Double? = nil, keeping: Int = CapturedOutput.keptAtEachEnd) -> Collected {
        var collected = Collected(
            output: ModelOutput(
                standardOutput: CapturedOutput(keepingAtEachEnd: keeping), standardError: CapturedOutput(keepingAtEachEnd: keeping)))
        var reader = Frame.Reader()
        let exit = ExitWatch(pid)
        defer { exit.finish() }
        var open: [Int32] = [output, errorOutput, channelOut, exit.descriptor].filter { $0 >= 0 }
        let deadline = timeLimit.map { Date().addingTimeInterval($0) }
        // Once the child is ended (or has exited, or closed its channel), a process holding its pipes
        // open is given this long, not forever.
        var drainUntil: Date?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !open.isEmpty {
            let now = Date()
            if let deadline, !collected.timedOut, now >= deadline {
                collected.timedOut = true
                terminate()
                drainUntil = now.addingTimeInterval(0.5)
            }
            if let drainUntil, now >= drainUntil { break }
            let until = [deadline.flatMap { collected.timedOut ? nil : $0 }, drainUntil].compactMap { $0 }.min()
            let timeout = until.map { Int32(max(0, min(Double(Int32.max), $0.timeIntervalSince(now) * 1000)).rounded(.up)) } ?? -1
            var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polls, nfds_t(polls.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for p in polls where p.revents != 0 {
                if p.fd == exit.descriptor {
                    // It has exited (not reaped yet, so its group id is still its own): what it left
                    // running goes now, which closes the pipes it held.
                    open.removeAll { $0 == p.fd }
                    endLeftovers()
                    if drainUntil == nil { drainUntil = Date().addingTimeInterval(0.5) }
                    continue
                }
                let n = buffer.withUnsafeMutableBytes { read(p.fd, $0.baseAddress!, $0.count) }
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if n <= 0 {
                    open.removeAll { $0 == p.fd }
                    if p.fd == channelOut, drainUntil == nil { drainUntil = Date().addingTimeInterval(0.5) }
                    continue
                }
                let bytes = buffer[0..<n]
                if p.fd == output {
                    collected.output.standardOutput.append(bytes)
                } else if p.fd == errorOutput {
                    collected.output.standardError.append(bytes)
                } else if collected.channelProblem == nil {
                    do { collected.frames += try reader.feed(bytes) } catch { collected.channelProblem = error }
                }
            }
        }
        if collected.channelProblem == nil {
            do { try reader.finish() } catch { collected.channelProblem = error }
        }
        closeAll()
        if !exit.hasFired { terminate() }
        collected.termination = wait()
        Children.endOrphans()
        return collected
    }

    /// Ends what the exited child left running: its group, when it led one (safe until it is reaped:
    /// a zombie's group id is nobody else's), and on Linux every orphan this process adopted.
    func endLeftovers() {
        endGroup()
        Children.endOrphans()
    }

    /// Ends the exited child's group, when it led one (safe until it is reaped).
    func endGroup() {
        if leadsGroup { killpg(pid, SIGKILL) }
    }
}

/// Tells a poll loop that a child has exited: a thread waits for the exit without reaping it
/// (`waitid` with `WNOWAIT`) and then writes to a pipe the loop polls.
final class ExitWatch: @unchecked Sendable {
    /// The pipe's end to poll: readable once the child has exited.
    let descriptor: Int32
    private let writeEnd: Int32
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var fired = false

    init(_ pid: pid_t) {
        var fds: [Int32] = [-1, -1]
        if !SupervisedProcess.makePipe(&fds) { fds = [-1, -1] }
        descriptor = fds[0]
        writeEnd = fds[1]
        guard descriptor >= 0 else {
            done.signal()
            return
        }
        let thread = Thread { [self] in
            var info = siginfo_t()
            // ECHILD (reaped meanwhile by ``SupervisedProcess/wait()``) ends the wait too.
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            lock.withLock { fired = true }
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
            done.signal()
        }
        thread.start()
    }

    /// Whether the child was seen to exit.
    var hasFired: Bool { lock.withLock { fired } }

    /// Waits for the watching thread (the child has been reaped, or has exited), then closes the pipe.
    func finish() {
        guard descriptor >= 0 else { return }
        done.wait()
        close(descriptor)
        close(writeEnd)
    }
}

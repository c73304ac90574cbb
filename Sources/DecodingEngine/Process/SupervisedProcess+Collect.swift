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
    }

    /// Reads the child's channel, standard output and error (each bounded to `keeping` bytes at each
    /// end) until they end, ending the child if it runs past `timeLimit` seconds, then waits for it.
    public func collect(timeLimit: Double? = nil, keeping: Int = CapturedOutput.keptAtEachEnd) -> Collected {
        var collected = Collected(
            output: ModelOutput(
                standardOutput: CapturedOutput(keepingAtEachEnd: keeping), standardError: CapturedOutput(keepingAtEachEnd: keeping)))
        var reader = Frame.Reader()
        var open: [Int32] = [output, errorOutput, channelOut].filter { $0 >= 0 }
        let deadline = timeLimit.map { Date().addingTimeInterval($0) }
        // Once the child is ended (or its channel closed), a grandchild holding its pipes open is
        // given this long, not forever.
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
        if !open.isEmpty { terminate() }
        collected.termination = wait()
        return collected
    }
}

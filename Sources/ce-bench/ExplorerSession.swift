import Foundation

/// One run of the real explorer binary in a private tmux server: start it on the payload,
/// wait for the first frame, type the script one key at a time, read its peak memory,
/// quit.
///
/// Timings come from the explorer's own frame log (`CODABLE_EXPLORER_FRAME_LOG`): the
/// first frame in ms since the process started, then per key the ms from the key's arrival
/// to the painted frame. Each key is sent only after the previous key's line is in the log,
/// so no key waits behind another. The first frame is also timed from outside, from the
/// `tmux new-session` call to the first capture of the pane that shows it.
struct ExplorerSession {
    struct Timing {
        var keyClass: ExplorerScript.KeyClass
        var key: String
        var milliseconds: Double
    }

    struct Result {
        /// From the frame log: ms from process start to the first painted frame.
        var firstFrameMs: Double
        /// From the frame log: ms from process start to the first frame of the whole payload's tree
        /// (later than the first frame when a large payload opens on its prefix).
        var wholeTreeMs: Double
        /// From outside: ms from `tmux new-session` until `capture-pane` showed the frame.
        var firstFrameSeenMs: Double
        var keys: [Timing]
        /// `VmHWM` of the explorer right after its first frame and just before `q`.
        var highWaterAfterFirstFrameKiB: Int
        var highWaterKiB: Int
        var rssKiB: Int
    }

    let binary: String
    let payload: String
    let script: ExplorerScript
    let width: Int
    let height: Int
    let scratch: String
    /// Printed as the run goes.
    let say: (String) -> Void

    /// What the whole tree's first frame must show: the folded 1M array's count.
    var firstFrameText: String { "\(script.seriesCount) items" }

    func run() throws -> Result {
        let log = scratch + "/frames.log"
        unlink(log)
        let tmux = try TmuxDriver(scratch: scratch)
        defer { tmux.kill() }
        // `exec` twice (sh, then env): the pane's process is the explorer itself.
        let command =
            "exec env TERM=xterm-256color LC_ALL=C.UTF-8 CODABLE_EXPLORER_FRAME_LOG="
            + TmuxDriver.shellQuoted(log) + " " + TmuxDriver.shellQuoted(binary) + " " + TmuxDriver.shellQuoted(payload)

        let started = ContinuousClock.now
        try tmux.start(command: command, width: width, height: height)
        // The frame log first (a file read a millisecond, so the explorer's loading has the
        // cores to itself), then the screen: the first capture that shows the frame.
        var frames = FrameLogReader(path: log)
        guard let first = try frames.waitForLines(1, timeout: .seconds(60), pollEvery: .milliseconds(1)).first, first.label == "first"
        else {
            throw ExplorerBenchError.frameLog("no `first` line in \(log)")
        }
        guard let whole = try frames.waitForLines(1, timeout: .seconds(60), pollEvery: .milliseconds(1)).first, whole.label == "whole"
        else {
            throw ExplorerBenchError.frameLog("no `whole` line after `first` in \(log)")
        }
        guard try tmux.waitForScreen(containing: firstFrameText, timeout: .seconds(10)) != nil else {
            throw ExplorerBenchError.screenMismatch(step: "first frame", wanted: firstFrameText, screen: (try? tmux.screen()) ?? "")
        }
        let seen = ContinuousClock.now - started
        let pid = try explorerPID(tmux)
        let afterFirst = Self.memory(of: pid)

        var timings: [Timing] = []
        for (index, step) in script.steps.enumerated() {
            for key in step.keys {
                try tmux.send([key.tmux])
                let line = try frames.waitForLines(1, timeout: .seconds(60))[0]
                guard line.label == key.logged else {
                    throw ExplorerBenchError.frameLog("sent \(key.tmux), the frame log says \(line.label)")
                }
                timings.append(Timing(keyClass: step.keyClass, key: key.logged, milliseconds: line.milliseconds))
            }
            if let path = step.path {
                let screen = try tmux.screen()
                let header = screen.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
                guard header.hasSuffix(" " + path) else {
                    throw ExplorerBenchError.screenMismatch(
                        step: "step \(index + 1) (\(step.keyClass.title))", wanted: path, screen: screen)
                }
            }
        }
        let before = Self.memory(of: pid)
        try tmux.send(["q"])
        // The pane stays (remain-on-exit) with the exit status. tmux 3.3a sometimes marks the
        // pane dead (its terminal closed) and leaves the exited process a zombie without
        // reporting a status: then the process's state in /proc says it has ended.
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let exit = try tmux.pane("#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}")
            if exit == "1:0:" { break }
            if exit.hasPrefix("1:") && exit != "1::" {
                throw ExplorerBenchError.frameLog("the explorer ended with (dead:status:signal) \(exit)")
            }
            if exit == "1::", ContinuousClock.now > deadline - .seconds(8), Self.hasEnded(pid) { break }
            guard ContinuousClock.now < deadline else { throw ExplorerBenchError.frameLog("the explorer did not quit on q (\(exit))") }
            sleepFor(.milliseconds(5))
        }
        return Result(
            firstFrameMs: first.milliseconds,
            wholeTreeMs: whole.milliseconds,
            firstFrameSeenMs: Double(seen.components.seconds) * 1000 + Double(seen.components.attoseconds) / 1e15,
            keys: timings,
            highWaterAfterFirstFrameKiB: afterFirst.highWater,
            highWaterKiB: before.highWater,
            rssKiB: before.rss
        )
    }

    /// The pane's process, checked to be the explorer (not a shell around it).
    private func explorerPID(_ tmux: TmuxDriver) throws -> Int32 {
        guard let pid = Int32(try tmux.pane("#{pane_pid}")) else { throw ExplorerBenchError.frameLog("tmux gave no pane pid") }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? "?"
        guard URL(fileURLWithPath: exe).lastPathComponent == URL(fileURLWithPath: binary).lastPathComponent else {
            throw ExplorerBenchError.frameLog("the pane's process \(pid) is \(exe), not the explorer")
        }
        return pid
    }

    /// Whether the process is gone or a zombie (it has exited; its parent has not reaped it).
    static func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }

    /// `VmHWM` and `VmRSS` from /proc/PID/status, in KiB.
    static func memory(of pid: Int32) -> (highWater: Int, rss: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
            return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
        }
        return (field("VmHWM"), field("VmRSS"))
    }
}

/// Reads the frame log as it grows: `label\tmilliseconds` lines.
struct FrameLogReader {
    struct Line {
        var label: String
        var milliseconds: Double
    }

    let path: String
    private var consumed = 0

    init(path: String) {
        self.path = path
    }

    /// Waits until `count` lines after the ones already returned are complete, and returns them.
    mutating func waitForLines(_ count: Int, timeout: Duration, pollEvery interval: Duration = .microseconds(200)) throws -> [Line] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let complete = text.split(separator: "\n", omittingEmptySubsequences: true)
                .prefix(text.hasSuffix("\n") ? Int.max : max(0, text.split(separator: "\n").count - 1))
            if complete.count >= consumed + count {
                let fresh = complete.dropFirst(consumed).prefix(count)
                consumed += count
                return try fresh.map { raw in
                    let parts = raw.split(separator: "\t")
                    guard parts.count == 2, let ms = Double(parts[1]) else {
                        throw ExplorerBenchError.frameLog("unreadable frame log line: \(raw)")
                    }
                    return Line(label: String(parts[0]), milliseconds: ms)
                }
            }
            guard ContinuousClock.now < deadline else {
                throw ExplorerBenchError.frameLog("waited \(timeout) for frame log line \(consumed + count) in \(path)")
            }
            sleepFor(interval)
        }
    }
}

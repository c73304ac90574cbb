import Foundation

/// Timings for the benchmark: how long each event took from arrival to a painted frame,
/// and when the first frame was painted. Written only when the user (the benchmark) asks,
/// with `CODABLE_EXPLORER_FRAME_LOG=FILE`; one tab-separated line per frame.
public final class FrameLog: @unchecked Sendable {
    private let handle: FileHandle

    public init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { return nil }
        self.handle = handle
    }

    /// From the environment, if asked for.
    public static func fromEnvironment() -> FrameLog? {
        ProcessInfo.processInfo.environment["CODABLE_EXPLORER_FRAME_LOG"].flatMap(FrameLog.init(path:))
    }

    /// `first\t<ms since process start>` for the first frame, `whole\t<ms>` once the whole payload's
    /// tree is painted (the same frame, or a later one when a large payload opened on its prefix),
    /// then `<event>\t<ms>` per frame.
    func record(_ label: String, milliseconds: Double) {
        handle.write(Data("\(label)\t\(String(format: "%.3f", milliseconds))\n".utf8))
    }

    /// Milliseconds since this process started (from /proc/self/stat's start time on Linux,
    /// the kernel's process table on macOS).
    static func sinceProcessStart() -> Double? {
        #if canImport(Darwin)
        var info = kinfo_proc()
        var size = MemoryLayout<kinfo_proc>.stride
        var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
        guard sysctl(&name, UInt32(name.count), &info, &size, nil, 0) == 0 else { return nil }
        let start = info.kp_proc.p_starttime
        let started = Double(start.tv_sec) + Double(start.tv_usec) / 1_000_000
        return (Date().timeIntervalSince1970 - started) * 1000
        #else
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Field 22 of /proc/PID/stat is the start time in clock ticks; after ")" it is the 20th.
        guard fields.count > 19, let ticks = Double(fields[19]),
            let up = Double(uptime.split(separator: " ").first ?? "")
        else { return nil }
        let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (up - ticks / hertz) * 1000
        #endif
    }
}

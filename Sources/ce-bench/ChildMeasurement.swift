import Foundation

/// What one child process measured for one contestant, and the one-line report it prints
/// for the parent:
///
///     ce-bench-measurement read_s=0.041 parse_s=0.352 peak_rss_kib=301234 vm_hwm_kib=301230 count=4117811
///
/// Each measurement runs in a fresh process (`ce-bench measure scan FILE`) because peak
/// RSS is per process: in one process the first contestant's high-water mark would hide
/// every later one's.
struct ChildMeasurement {
    var readSeconds: Double
    var parseSeconds: Double
    /// CPU time (user and system, all threads) of the parse: what a busy shared machine
    /// inflates less than wall time. Nil from a report line without it.
    var parseCPUSeconds: Double?
    /// `getrusage(RUSAGE_SELF).ru_maxrss`: the process's peak resident set, in KiB on Linux.
    var peakRSSKiB: Int
    /// `VmHWM` from `/proc/self/status`: the same peak, but of this address space only.
    /// Linux folds the parent's high-water mark into `ru_maxrss` across `exec`; when the two
    /// disagree, `ru_maxrss` was inflated by the parent (see ``BenchmarkRun``).
    var highWaterKiB: Int
    var count: Int

    static let tag = "ce-bench-measurement"

    /// Reads the file, runs the contestant on it, and measures both. What the contestant
    /// prepares beforehand (the engine's schema) is not timed.
    static func measure(_ contestant: any MeasuredContestant, file path: String) throws -> ChildMeasurement {
        let work = try contestant.prepare()
        let clock = ContinuousClock()
        let readStart = clock.now
        let bytes = try FileBytes.read(path)
        let parseStart = clock.now
        let cpuStart = processCPUSeconds()
        let outcome = try work(bytes)
        let cpuEnd = processCPUSeconds()
        let parseEnd = clock.now
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peakKiB = usage.ru_maxrss
        #else
        getrusage(RUSAGE_SELF, &usage)
        let peakKiB = usage.ru_maxrss / 1024  // bytes on macOS
        #endif
        return withExtendedLifetime((bytes, outcome)) {
            ChildMeasurement(
                readSeconds: (parseStart - readStart).seconds,
                parseSeconds: (parseEnd - parseStart).seconds,
                parseCPUSeconds: cpuStart.flatMap { start in cpuEnd.map { $0 - start } },
                peakRSSKiB: peakKiB,
                highWaterKiB: Self.highWaterMarkKiB() ?? -1,
                count: outcome.count
            )
        }
    }

    var reportLine: ReportLine {
        ReportLine(
            tag: Self.tag,
            fields: [
                ("read_s", "\(readSeconds)"),
                ("parse_s", "\(parseSeconds)"),
                ("parse_cpu_s", "\(parseCPUSeconds ?? -1)"),
                ("peak_rss_kib", "\(peakRSSKiB)"),
                ("vm_hwm_kib", "\(highWaterKiB)"),
                ("count", "\(count)"),
            ])
    }

    init?(_ line: ReportLine) {
        guard let read = line.double("read_s"),
            let parse = line.double("parse_s"),
            let peak = line.int("peak_rss_kib"),
            let highWater = line.int("vm_hwm_kib"),
            let count = line.int("count")
        else { return nil }
        self.init(
            readSeconds: read, parseSeconds: parse, parseCPUSeconds: line.double("parse_cpu_s").flatMap { $0 < 0 ? nil : $0 },
            peakRSSKiB: peak, highWaterKiB: highWater, count: count)
    }

    init(readSeconds: Double, parseSeconds: Double, parseCPUSeconds: Double?, peakRSSKiB: Int, highWaterKiB: Int, count: Int) {
        self.readSeconds = readSeconds
        self.parseSeconds = parseSeconds
        self.parseCPUSeconds = parseCPUSeconds
        self.peakRSSKiB = peakRSSKiB
        self.highWaterKiB = highWaterKiB
        self.count = count
    }

    /// `CLOCK_PROCESS_CPUTIME_ID`: the CPU time this process has used so far.
    private static func processCPUSeconds() -> Double? {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return nil }
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Linux only (`/proc`); nil on macOS, which has no per-address-space high-water mark.
    private static func highWaterMarkKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}

extension Duration {
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }
}

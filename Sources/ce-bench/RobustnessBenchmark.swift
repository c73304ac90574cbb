import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ce-bench robustness`: the hostile inputs of issue 11, each against a benign input of the
/// same size and shape, through `codable-explorer validate` end to end (the release binary
/// as a child; wall time and peak RSS from `wait4`). A ratio near 1 means the hostile input
/// costs what any input of its size costs; the quadratic paths made these ratios 100-1000.
enum RobustnessBenchmark {
    struct Pair {
        var name: String
        var hostile: [UInt8]
        var benign: [UInt8]
        /// What differs between the two.
        var note: String
    }

    static let usage = """
        usage: ce-bench robustness [--binary PATH] [--runs N] [--large-mb N]

          Runs `codable-explorer validate FILE` (stdout to /dev/null) on each hostile input
          of issue 11 and on a benign input of the same size, N times each (default 3),
          and prints the medians and their ratios. Each run is spawned by a fresh ce-bench
          child (`robustness --child`), so the inputs this process holds do not count in the
          peak RSS, which still includes that small child's own (about 20 MiB). The binary defaults to codable-explorer
          beside this ce-bench: build both with
          `swift build -c release --scratch-path .build-bench --product codable-explorer`
          and `... --product ce-bench`. --large-mb sizes the one-line excerpt case (100).
        """

    static let tag = "ce-bench-robustness"

    static func main(_ arguments: [String]) throws {
        // `robustness --child BINARY ARGS…`: spawns the binary from a fresh, small process and
        // reports what wait4 measured. Linux folds the spawning process's own peak RSS into
        // the child's ru_maxrss at exec, so the parent, which holds the 100 MB inputs, must not
        // spawn the binary itself.
        if arguments.first == "--child", arguments.count >= 2 {
            let run = try SilentRun.run(arguments[1], Array(arguments.dropFirst(2)))
            print(
                ReportLine(
                    tag: tag,
                    fields: [
                        ("seconds", "\(run.seconds)"), ("peak_rss_kib", "\(run.peakRSSKiB)"),
                        ("status", "\(run.status)"),
                    ]
                ).text)
            return
        }
        var binary: String?
        var runs = 3
        var largeMB = 100
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--binary": binary = rest.popFirst()
            case "--runs": runs = rest.popFirst().flatMap(Int.init) ?? runs
            case "--large-mb": largeMB = rest.popFirst().flatMap(Int.init) ?? largeMB
            case "-h", "--help": print(usage); return
            default: throw BenchError.usage("unknown argument \(argument)\n\(usage)")
            }
        }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let explorer = binary ?? URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("codable-explorer").path
        guard FileManager.default.isExecutableFile(atPath: explorer) else {
            throw BenchError.usage(
                "no codable-explorer at \(explorer): build it with"
                    + " `swift build -c release --scratch-path .build-bench --product codable-explorer`, or pass --binary")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ce-bench-robustness-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        print("ce-bench robustness: \(explorer) validate, median of \(runs) runs each")
        func row(_ cells: [String]) -> String {
            cells[0].padding(toLength: 34, withPad: " ", startingAt: 0)
                + cells.dropFirst().map { String(repeating: " ", count: max(0, 10 - $0.count)) + $0 }.joined()
        }
        print(row(["input", "size MB", "hostile s", "benign s", "time x", "host MiB", "ben MiB", "RSS x"]))
        for pair in pairs(largeMB: largeMB) {
            let hostilePath = dir.appendingPathComponent("hostile.json").path
            let benignPath = dir.appendingPathComponent("benign.json").path
            try Data(pair.hostile).write(to: URL(fileURLWithPath: hostilePath))
            try Data(pair.benign).write(to: URL(fileURLWithPath: benignPath))
            var hostile: [SilentRun] = []
            var benign: [SilentRun] = []
            // Interleaved, so that a change in the machine's load touches both alike.
            for _ in 0..<runs {
                hostile.append(try measure(explorer, ["validate", hostilePath]))
                benign.append(try measure(explorer, ["validate", benignPath]))
            }
            let h = median(hostile)
            let b = median(benign)
            print(
                row([
                    pair.name, String(format: "%.1f", Double(pair.hostile.count) / 1e6),
                    String(format: "%.3f", h.seconds), String(format: "%.3f", b.seconds), String(format: "%.2f", h.seconds / b.seconds),
                    String(format: "%.1f", Double(h.peakRSSKiB) / 1024), String(format: "%.1f", Double(b.peakRSSKiB) / 1024),
                    String(format: "%.2f", Double(h.peakRSSKiB) / Double(b.peakRSSKiB)),
                ]))
            print("  \(pair.note); exit status \(h.status) and \(b.status)")
            try? FileManager.default.removeItem(atPath: hostilePath)
            try? FileManager.default.removeItem(atPath: benignPath)
        }
    }

    static func median(_ runs: [SilentRun]) -> SilentRun {
        let byTime = runs.sorted { $0.seconds < $1.seconds }
        let byMemory = runs.map(\.peakRSSKiB).sorted()
        return SilentRun(
            seconds: byTime[runs.count / 2].seconds, peakRSSKiB: byMemory[runs.count / 2], status: byTime[runs.count / 2].status)
    }

    // MARK: Inputs

    static func pairs(largeMB: Int) -> [Pair] {
        // 200,000 keys that differ only in the middle, against keys that differ at the start.
        let middle =
            "{" + (0..<200_000).map { String(format: "\"https://example.com/users/%07d/profile\":%d", $0, $0 % 10) }.joined(separator: ",")
            + "}"
        let start =
            "{" + (0..<200_000).map { String(format: "\"%07d://example.com/users/https/profile\":%d", $0, $0 % 10) }.joined(separator: ",")
            + "}"
        // 40,000 repeats of one key (39,999 warnings), against 40,000 distinct keys of the
        // same length whose values have a trailing comma (40,000 warnings).
        let repeated = "{" + (0..<40_000).map { "\"k00000\":[\($0 % 10) ]" }.joined(separator: ",") + "}"
        let distinct = "{" + (0..<40_000).map { String(format: "\"k%05d\":[%d,]", $0, $0 % 10) }.joined(separator: ",") + "}"
        // 20,000 trailing commas on one line, against the same with a line break after each.
        let oneLine = "[" + String(repeating: "[1,], ", count: 20_000) + "[1]]"
        let manyLines = "[" + String(repeating: "[1,],\n", count: 20_000) + "[1]]"
        return [
            Pair(
                name: "200k keys differing in the middle", hostile: Array(middle.utf8), benign: Array(start.utf8),
                note: "benign: the same keys with the differing digits first"),
            Pair(
                name: "40k repeats of one key", hostile: Array(repeated.utf8), benign: Array(distinct.utf8),
                note: "benign: 40,000 distinct keys, each value with a trailing comma (as many warnings)"),
            Pair(
                name: "20k diagnostics on one line", hostile: Array(oneLine.utf8), benign: Array(manyLines.utf8),
                note: "benign: the same 20,000 warnings, one per line"),
            excerptPair(megabytes: largeMB),
        ]
    }

    /// A string array on one line with a control character in its last string (the error
    /// excerpt is taken at the end of a line of `megabytes`), against the same with a line
    /// break after every element.
    static func excerptPair(megabytes: Int) -> Pair {
        let element = Array("\"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopq\",".utf8)
        let count = megabytes * 1_000_000 / (element.count + 1)
        var hostile: [UInt8] = [UInt8(ascii: "[")]
        var benign: [UInt8] = [UInt8(ascii: "[")]
        hostile.reserveCapacity(count * (element.count + 1) + 16)
        benign.reserveCapacity(count * (element.count + 1) + 16)
        for _ in 0..<count {
            hostile += element
            hostile.append(0x20)
            benign += element
            benign.append(0x0A)
        }
        let last = Array("\"bad\u{1}\"]".utf8)
        hostile += last
        benign += last
        return Pair(
            name: "\(megabytes) MB one line, error at its end", hostile: hostile, benign: benign,
            note: "benign: the same bytes with a line break after each element")
    }

    // MARK: Measuring a child

    /// One run of the binary, through a `--child` ce-bench process.
    static func measure(_ path: String, _ arguments: [String]) throws -> SilentRun {
        let childArguments = ["robustness", "--child", path] + arguments
        let output = try ChildProcess.run(childArguments)
        guard let line = ReportLine(tag: tag, in: output), let seconds = line.double("seconds"),
            let peak = line.int("peak_rss_kib"), let status = line.int("status")
        else { throw BenchError.malformedChildReport(arguments: childArguments, output: output) }
        return SilentRun(seconds: seconds, peakRSSKiB: peak, status: Int32(status))
    }
}

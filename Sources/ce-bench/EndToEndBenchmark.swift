import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ce-bench e2e`: what a user waits for, end to end, against what an app pays. The IssuePage
/// model (14 types, snake_case keys, ISO 8601 dates) compiled into this benchmark and decoded by
/// `JSONDecoder` (`ce-bench measure compiled FILE`, a whole process) against the real
/// `codable-explorer check` given the same model as source (`--model`, a whole process: the
/// parent, its worker child, the teaching), on the same payloads:
///
/// - a valid payload (`check --format json`, the value printed);
/// - `"number"` missing in every record (first error: `check --format json`);
/// - `"number"` missing in one record in a hundred (`check --all-errors`, as JSON with the
///   explanations, and as text with verified fixes), against the compiled clean decode;
/// - the explorer on the valid payload, in tmux: until its header says `✓ decodes`.
///
/// Each row is the median wall time of `--runs` fresh processes, run in rounds (every contestant
/// once a round), and the highest peak RSS (`wait4`'s `ru_maxrss`, the process and the children it
/// waited for).
enum EndToEndBenchmark {
    struct Row {
        var title: String
        var payload: String
        var seconds: Double
        var peakMB: Double
        var status: Int32
    }

    /// Issue 12's limits, as ratios: against the compiled clean decode for times, against the
    /// file for memory. A payload of 50 MB or more is judged as the 100 MB payload is; a smaller
    /// one as the 2 MB sample, where only `check` has a limit (issue 23's 1.5x, issue 12's 3x
    /// before it; its memory is not the file's); nil is no limit at this size.
    struct Targets {
        var check: Double
        var memory: Double?
        var allErrors: Double?
        var explorer: Double?

        init(fileMB: Double) {
            if fileMB >= 50 {
                (check, memory, allErrors, explorer) = (1.5, 3, 3, 2)
            } else {
                (check, memory, allErrors, explorer) = (1.5, nil, nil, nil)
            }
        }

        /// `target <= 1.5x: met`, or `no target at this size`.
        func judge(_ value: Double, _ limit: Double?) -> String {
            guard let limit else { return "no target at this size" }
            return "target <= \(String(format: "%g", limit))x: \(value <= limit ? "met" : "MISSED")"
        }
    }

    static func main(_ arguments: [String]) throws {
        var sizeMB = 20.0
        var runs = 3
        var binary: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--size-mb": sizeMB = Double(rest.popFirst() ?? "") ?? sizeMB
            case "--runs": runs = max(1, Int(rest.popFirst() ?? "") ?? runs)
            case "--binary": binary = rest.popFirst()
            default: throw BenchError.usage("ce-bench e2e [--size-mb N] [--runs N] [--binary PATH-TO-codable-explorer]")
            }
        }
        let bench = selfPath()
        let explorer = binary ?? URL(fileURLWithPath: bench).deletingLastPathComponent().appendingPathComponent("codable-explorer").path
        guard FileManager.default.isExecutableFile(atPath: explorer) else {
            throw BenchError.usage("no codable-explorer at \(explorer): build it, or pass --binary")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ce-bench-e2e-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = dir.appendingPathComponent("IssuePage.swift").path
        try IssuePage.source.write(toFile: model, atomically: true, encoding: .utf8)

        print(MachineFacts.current().rendered)
        print("date:    \(Date().formatted(.iso8601))")
        print("check:   \(explorer)")
        var files: [PayloadFault: String] = [:]
        for fault in [PayloadFault.none, .missingKey, .missingKeyInOnePercent] {
            let file = dir.appendingPathComponent("payload-\(fault.rawValue).json").path
            _ = try ChildProcess.run(["generate", "--size-mb", "\(sizeMB)", "--fault", fault.rawValue, file])
            files[fault] = file
        }
        let fileMB = Double((try? FileManager.default.attributesOfItem(atPath: files[.none]!)[.size] as? Int) ?? 0) / 1e6
        print(
            "payload: \(String(format: "%.1f", fileMB)) MB of IssuePage records (valid; \"number\" missing in every record; in one in a hundred)"
        )
        print("")

        let check = [
            explorer, "check", "--model", model, "--type", "IssuePage", "--key-strategy", "snake-case", "--date-strategy", "iso8601",
        ]
        let contestants: [(String, PayloadFault, [String])] = [
            ("JSONDecoder -> IssuePage (compiled, swiftc -O) (baseline)", .none, [bench, "measure", "compiled"]),
            ("JSONDecoder -> IssuePage (compiled, swiftc -O)", .missingKey, [bench, "measure", "compiled"]),
            ("check --format json", .none, check + ["--format", "json"]),
            ("check --format json (first error)", .missingKey, check + ["--format", "json"]),
            ("check --all-errors --format json", .missingKeyInOnePercent, check + ["--all-errors", "--format", "json"]),
            ("check --all-errors (text, verified fixes)", .missingKeyInOnePercent, check + ["--all-errors"]),
        ]
        // Round after round, each contestant once per round: a busy minute on the shared cores
        // weighs on the baseline as on the checks (run in a block each, a baseline that met a
        // neighbour's compile moved the 2 MB ratio from 0.7x to 1.7x between two runs).
        var times = Array(repeating: [Double](), count: contestants.count)
        var peaks = Array(repeating: 0.0, count: contestants.count)
        var statuses = Array(repeating: Int32(0), count: contestants.count)
        for _ in 0..<runs {
            for (i, (_, fault, command)) in contestants.enumerated() {
                let file = files[fault]!
                // `measure compiled FILE`; `check FILE --model ...`.
                let full = command[1] == "measure" ? command + [file] : [command[0], command[1], file] + command.dropFirst(2)
                let run = try SilentRun.run(full[0], Array(full.dropFirst()))
                times[i].append(run.seconds)
                peaks[i] = max(peaks[i], run.peakMB)
                statuses[i] = run.status
            }
        }
        var rows: [Row] = []
        for (i, (title, fault, _)) in contestants.enumerated() {
            let row = Row(
                title: title, payload: fault.payloadTitle, seconds: times[i].sorted()[times[i].count / 2], peakMB: peaks[i],
                status: statuses[i])
            print(String(format: "  %@ on %@: %.2f s, peak %.0f MB, exit %d", row.title, row.payload, row.seconds, row.peakMB, row.status))
            rows.append(row)
        }
        let verdictTimes = try (0..<runs).map { _ in try explorerVerdict(explorer, file: files[.none]!, model: model, scratch: dir.path) }
        let verdictSeconds = verdictTimes.sorted()[verdictTimes.count / 2]
        print(String(format: "  explorer, until its header says \"✓ decodes\" (tmux 120x40) on valid: %.2f s", verdictSeconds))
        print("")
        let baseline = rows[0].seconds
        let targets = Targets(fileMB: fileMB)
        func ratio(_ i: Int, _ base: Double) -> String { String(format: "%.2fx", rows[i].seconds / base) }
        print(
            "check, valid payload / compiled clean decode = \(ratio(2, baseline)) (\(targets.judge(rows[2].seconds / baseline, targets.check)))"
        )
        print(
            "check, first error / compiled clean decode = \(ratio(3, baseline)); / compiled on the same payload (stops at record 1) = \(ratio(3, rows[1].seconds)) (\(targets.judge(rows[3].seconds / baseline, targets.check)) against the clean decode)"
        )
        print(
            String(
                format: "check peak memory / file = %.2fx valid, %.2fx first error (%@)", rows[2].peakMB / fileMB,
                rows[3].peakMB / fileMB,
                targets.judge(max(rows[2].peakMB, rows[3].peakMB) / fileMB, targets.memory)))
        print(
            String(
                format:
                    "check peak memory / the compiled app's peak on the same payload = %.2fx valid, %.2fx first error (JSONDecoder alone: %.2fx the file)",
                rows[2].peakMB / rows[0].peakMB, rows[3].peakMB / rows[1].peakMB, rows[0].peakMB / fileMB))
        print(
            "check --all-errors, one record in a hundred failing / compiled clean decode = \(ratio(4, baseline)) as JSON, \(ratio(5, baseline)) as text with verified fixes (\(targets.judge(rows[4].seconds / baseline, targets.allErrors)) / \(targets.judge(rows[5].seconds / baseline, targets.allErrors)))"
        )
        print(
            "explorer's verdict, valid payload / compiled clean decode = \(String(format: "%.2fx", verdictSeconds / baseline)) (\(targets.judge(verdictSeconds / baseline, targets.explorer)))"
        )
        print("(wall time of whole processes, median of \(runs); peak RSS the highest, of the process and its worker child)")
    }

    /// Seconds from starting the explorer on the payload, with the model and type, to its
    /// header line saying `✓ decodes`: what a user waits for before the first verdict.
    static func explorerVerdict(_ explorer: String, file: String, model: String, scratch: String) throws -> Double {
        let tmux = try TmuxDriver(scratch: scratch)
        defer { tmux.kill() }
        let command = [
            explorer, "explore", file, "--model", model, "--type", "IssuePage", "--key-strategy", "snake-case", "--date-strategy",
            "iso8601",
        ].map(TmuxDriver.shellQuoted).joined(separator: " ")
        let start = ContinuousClock.now
        try tmux.start(command: "env TERM=xterm-256color XDG_CONFIG_HOME=/nonexistent-ce-bench " + command, width: 120, height: 40)
        // The header (line 1) says it; the key help below says "⏎ decodes ... at this node" from the start.
        var took: Duration?
        while took == nil, ContinuousClock.now - start < .seconds(600) {
            if try tmux.screen().split(separator: "\n").first?.contains(" decodes") == true { took = ContinuousClock.now - start }
            sleepFor(.milliseconds(20))
        }
        guard let took else { throw BenchError.childFailed(arguments: [explorer, "explore", file], status: -1) }
        return Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
    }

    static func selfPath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

import Foundation

/// The parent process of a benchmark: generates the payload and measures each contestant
/// in child processes of this executable, then prints the table.
///
/// The parent never holds the payload itself. On Linux a child's `ru_maxrss` starts from
/// the parent's resident set at the time of the fork (the kernel carries the old address
/// space's high-water mark across `exec`): under a parent holding 500 MB, a child whose own
/// peak is 26 MB reports 502 MB. Generation therefore runs in a child too, and each child
/// also reports its own `VmHWM` so that the report can flag a figure inflated this way.
struct BenchmarkRun {
    var payload: BenchCommand.PayloadOptions
    var keepPath: String?

    func run() throws {
        say(MachineFacts.current().rendered)
        say("date:    \(Date().formatted(.iso8601))")
        say("")

        let path =
            keepPath
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("ce-bench-\(ProcessInfo.processInfo.processIdentifier).json").path
        defer { if keepPath == nil { try? FileManager.default.removeItem(atPath: path) } }

        let generateArguments = ["generate", "--size-mb", "\(payload.sizeMB)", "--seed", "\(payload.seed)", path]
        let output = try ChildProcess.run(generateArguments)
        guard let generated = ReportLine(tag: BenchCommand.generatedTag, in: output),
            let fileBytes = generated.int("bytes")
        else { throw BenchError.malformedChildReport(arguments: generateArguments, output: output) }
        say(
            "payload: \(path), \(fileBytes) bytes, \(generated["records"] ?? "?") records, seed \(payload.seed)"
                + " (generated in \(Self.format(generated.double("generate_s"))) s,"
                + " written in \(Self.format(generated.double("write_s"))) s)"
        )
        say("")

        var rows: [Report.Row] = []
        for contestant in Contestant.allCases {
            var runs: [ChildMeasurement] = []
            for index in 1...contestant.repetitions {
                let run = try ChildProcess.measure(contestant, file: path)
                say(
                    "  \(contestant.title) run \(index)/\(contestant.repetitions):"
                        + " read \(Self.format(run.readSeconds)) s, parse \(Self.format(run.parseSeconds)) s,"
                        + " peak RSS \(String(format: "%.1f", Double(run.peakRSSKiB) * 1024 / 1e6)) MB,"
                        + " count \(run.count)"
                )
                runs.append(run)
            }
            rows.append(Report.Row(contestant: contestant, runs: runs))
        }
        say("")
        say(Report(fileBytes: fileBytes, rows: rows).rendered)
    }

    /// Prints a line at once, even when the output is piped to `tee` (block-buffered).
    private func say(_ line: String) {
        print(line)
        fflush(nil)
    }

    private static func format(_ seconds: Double?) -> String {
        seconds.map { String(format: "%.3f", $0) } ?? "?"
    }
}

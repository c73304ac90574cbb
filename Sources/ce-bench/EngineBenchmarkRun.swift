import Foundation

/// The parent process of the engine benchmark (`ce-bench engine`): generates a valid payload
/// and one faulty payload per ``PayloadFault`` (the same records, each broken once), checks
/// that the engine and the compiled model agree on them, then measures every
/// ``EngineBenchmarkRun/Entry`` in child processes and prints the table.
///
/// The runs go round-robin (every entry once, then every entry again), so that a busy
/// moment on a shared machine slows all entries alike instead of one entry's every run.
struct EngineBenchmarkRun {
    var payload: BenchCommand.PayloadOptions
    var keepPath: String?
    var runs: Int

    /// One row of the table: a contestant on a payload.
    struct Entry {
        var contestant: EngineContestant
        var fault: PayloadFault
    }

    static let faults: [PayloadFault] = [.missingKey, .wrongKind]

    static let entries: [Entry] =
        [
            Entry(contestant: .compiled, fault: .none),
            Entry(contestant: .engine, fault: .none),
            Entry(contestant: .engineAllErrors, fault: .none),
        ]
        + faults.flatMap { fault in
            [Entry(contestant: .compiled, fault: fault), Entry(contestant: .engineAllErrors, fault: fault)]
        }

    func run() throws {
        say(MachineFacts.current().rendered)
        say("date:    \(Date().formatted(.iso8601))")
        say("")

        let base =
            keepPath
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("ce-bench-engine-\(ProcessInfo.processInfo.processIdentifier).json").path
        var paths: [PayloadFault: String] = [.none: base]
        for fault in Self.faults { paths[fault] = Self.path(base, fault: fault) }
        defer { if keepPath == nil { for path in paths.values { try? FileManager.default.removeItem(atPath: path) } } }

        var fileBytes: [PayloadFault: Int] = [:]
        var valid = payload
        valid.fault = .none
        let generated = try generate(valid, into: base)
        fileBytes[.none] = generated.bytes
        for fault in Self.faults {
            var faulty = valid
            faulty.fault = fault
            faulty.recordCount = generated.records
            fileBytes[fault] = try generate(faulty, into: paths[fault]!).bytes
        }
        say("")

        let checkArguments = ["check-engine", base] + Self.faults.map { paths[$0]! }
        let checkOutput = try ChildProcess.run(checkArguments)
        guard let check = ReportLine(tag: EngineCheck.tag, in: checkOutput), let schemaSeconds = check.double("schema_s") else {
            throw BenchError.malformedChildReport(arguments: checkArguments, output: checkOutput)
        }
        say(
            "check:   the engine and the compiled model agree on all \(1 + Self.faults.count) payloads"
                + " (values of the valid one, every error of the faulty ones);"
                + " the schema is built from the model source in \(String(format: "%.1f", schemaSeconds * 1000)) ms (not timed below)")
        say("")

        var measured = Array(repeating: [ChildMeasurement](), count: Self.entries.count)
        for round in 1...runs {
            for (index, entry) in Self.entries.enumerated() {
                let run = try ChildProcess.measure(entry.contestant, file: paths[entry.fault]!)
                say(
                    "  round \(round)/\(runs): \(entry.contestant.title), \(entry.fault.payloadTitle):"
                        + " decode \(String(format: "%.3f", run.parseSeconds)) s"
                        + " (CPU \(run.parseCPUSeconds.map { String(format: "%.3f", $0) } ?? "?") s),"
                        + " peak RSS \(String(format: "%.1f", Double(run.peakRSSKiB) * 1024 / 1e6)) MB, errors \(run.count)"
                )
                measured[index].append(run)
            }
        }
        say("")
        let rows = zip(Self.entries, measured).map { EngineReport.Row(entry: $0, runs: $1) }
        say(EngineReport(fileBytes: fileBytes, records: generated.records, rows: rows).rendered)
    }

    /// `payload.json` → `payload-missing-key.json`.
    static func path(_ base: String, fault: PayloadFault) -> String {
        let stem = base.hasSuffix(".json") ? String(base.dropLast(5)) : base
        return "\(stem)-\(fault.rawValue).json"
    }

    private func generate(_ options: BenchCommand.PayloadOptions, into path: String) throws -> (bytes: Int, records: Int) {
        var arguments = ["generate", "--size-mb", "\(options.sizeMB)", "--seed", "\(options.seed)", "--fault", options.fault.rawValue]
        if let count = options.recordCount { arguments += ["--records", "\(count)"] }
        arguments.append(path)
        let output = try ChildProcess.run(arguments)
        guard let line = ReportLine(tag: BenchCommand.generatedTag, in: output),
            let bytes = line.int("bytes"), let records = line.int("records")
        else { throw BenchError.malformedChildReport(arguments: arguments, output: output) }
        say("payload: \(path), \(bytes) bytes, \(records) records, seed \(options.seed), \(options.fault.payloadTitle)")
        return (bytes, records)
    }

    /// Prints a line at once, even when the output is piped to `tee` (block-buffered).
    private func say(_ line: String) {
        print(line)
        fflush(nil)
    }
}

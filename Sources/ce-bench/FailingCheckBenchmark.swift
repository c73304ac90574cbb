import Foundation

/// `ce-bench failing`: a cached compiled check whose payload fails, against the same check of the
/// payload without the fault, end to end (issue 36: a 556 KB payload with one missing key, 20 model
/// files with hand-written init(from:), took 5-8 s failing against 0.2 s passing).
///
/// The models are the compiled benchmark's 20 files, every record type with a hand-written
/// init(from:) (``CompiledModeBenchmark/modelFiles(handWrittenEvery:)``); the payload is its records
/// (--pages, default 250: about 570 KB), and the failing payload the same with one key missing in
/// its last record, so that the decode, and its trace, run through the whole payload before the
/// error. Baseline, measured in the same run: `check --format json` of the valid payload with the
/// runner cached. Contestants: the failing payload the same way (`--no-fixes`), and as a user
/// checks it by default (text, with verified fixes).
enum FailingCheckBenchmark {
    static let usage = """
        usage: ce-bench failing [--runs N] [--pages N] [--binary PATH] [--keep DIR]

          Writes 20 model files (every record type with a hand-written init(from:)) and a payload
          (--pages records, default 250, about 570 KB), then measures, the runner cached: check
          --format json of the valid payload (baseline), of the payload with one key missing in its
          last record (--no-fixes), and check of that payload as text with verified fixes;
          medians of --runs (default 5), each with its ratio to the baseline.
          The binary is codable-explorer beside this ce-bench unless --binary says otherwise.
        """

    static func main(_ arguments: [String]) throws {
        guard let options = try BenchOptions(arguments, runs: 5, pages: 250, usage: usage) else { return }
        let (runs, pages, binary, keep) = (options.runs, options.pages, options.binary, options.keep)
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.usage("no codable-explorer at \(binary): build it, or pass --binary")
        }
        let folder = options.folder("failing")
        let models = folder.appendingPathComponent("Models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }
        for (name, text) in CompiledModeBenchmark.modelFiles(handWrittenEvery: 1) {
            try text.write(to: models.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let payload = folder.appendingPathComponent("payload.json")
        let text = CompiledModeBenchmark.payloadText(pages: pages)
        try Data(text.utf8).write(to: payload)
        // The last record's Type11 lacks its "id": Foundation throws keyNotFound there, at the end.
        let failing = folder.appendingPathComponent("failing.json")
        let record = "\"t11\": {\"id\": \((pages - 1) * 100 + 11), "
        guard let last = text.range(of: record, options: .backwards) else { throw BenchError.usage("the payload has no \(record)") }
        try Data(text.replacingCharacters(in: last, with: "\"t11\": {").utf8).write(to: failing)
        let size = (try? FileManager.default.attributesOfItem(atPath: payload.path)[.size] as? Int) ?? 0

        let cache = folder.appendingPathComponent("cache")
        let check = { (payload: URL, status: Int32, extra: [String]) throws -> Double in
            try CompiledModeBenchmark.timed(
                binary, ["check", payload.path, "--model", models.path, "--type", "Catalog"] + extra,
                environment: ["XDG_CACHE_HOME": cache.path], expectStatus: status)
        }
        let json = ["--format", "json"]
        // The runner built, and each contestant run once before it is timed.
        _ = try check(payload, 0, json)
        _ = try check(failing, 1, json + ["--no-fixes"])
        _ = try check(failing, 1, [])
        var passing: [Double] = [], failingJSON: [Double] = [], failingText: [Double] = []
        // In turns, so that a load that changes during the run weighs on each alike.
        for _ in 0..<runs {
            passing.append(try check(payload, 0, json))
            failingJSON.append(try check(failing, 1, json + ["--no-fixes"]))
            failingText.append(try check(failing, 1, []))
        }
        let baseline = CompiledModeBenchmark.median(passing)
        let row = { (what: String, times: [Double]) in
            let time = CompiledModeBenchmark.median(times)
            print(
                String(
                    format: "  %@ %7.3f s   %5.2fx the passing check   (%@)", what.padding(toLength: 62, withPad: " ", startingAt: 0), time,
                    time / baseline, times.map { String(format: "%.2f", $0) }.joined(separator: " ")))
        }
        print(
            "a cached compiled check failing late: 20 model files, every record type with a hand-written init(from:), payload \(size) bytes"
        )
        print(
            String(
                format: "  %@ %7.3f s   (%@)",
                "baseline  check --format json, the valid payload:".padding(toLength: 62, withPad: " ", startingAt: 0),
                baseline, passing.map { String(format: "%.2f", $0) }.joined(separator: " ")))
        row("check --format json --no-fixes, one key missing at the end:", failingJSON)
        row("check (text, verified fixes), the same payload:", failingText)
    }
}

import Foundation

/// `ce-bench ledger`: what the ledger of caught errors (issue 39) costs a clean decode in compiled
/// mode. The same `check --mode compiled` of the IssuePage payload, with the ledger (the default) and
/// without it (`CODABLE_EXPLORER_LEDGER=off` in the runner's environment: no throw hook, no second
/// decode), run in rounds (each contestant once a round, so a busy minute on the shared cores weighs
/// on both), after one run that builds the runner. The app's own decode (`measure compiled`, the
/// model compiled into this benchmark) is printed beside them for scale.
enum LedgerBenchmark {
    static let usage = "ce-bench ledger [--size-mb N] [--runs N] [--binary PATH-TO-codable-explorer]"

    static func main(_ arguments: [String]) throws {
        var sizeMB = 100.0
        var runs = 5
        var binary: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--size-mb": sizeMB = Double(rest.popFirst() ?? "") ?? sizeMB
            case "--runs": runs = max(1, Int(rest.popFirst() ?? "") ?? runs)
            case "--binary": binary = rest.popFirst()
            default: throw BenchError.usage(usage)
            }
        }
        let bench = EndToEndBenchmark.selfPath()
        let explorer = binary ?? URL(fileURLWithPath: bench).deletingLastPathComponent().appendingPathComponent("codable-explorer").path
        guard FileManager.default.isExecutableFile(atPath: explorer) else {
            throw BenchError.usage("no codable-explorer at \(explorer): build it, or pass --binary")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ce-bench-ledger-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = dir.appendingPathComponent("IssuePage.swift").path
        try IssuePage.source.write(toFile: model, atomically: true, encoding: .utf8)
        let payload = dir.appendingPathComponent("payload.json").path
        _ = try ChildProcess.run(["generate", "--size-mb", "\(sizeMB)", payload])
        let fileMB = Double((try? FileManager.default.attributesOfItem(atPath: payload)[.size] as? Int) ?? 0) / 1e6

        print(MachineFacts.current().rendered)
        print("date:    \(Date().formatted(.iso8601))")
        print("check:   \(explorer)")
        print(String(format: "payload: %.1f MB of IssuePage records, valid (nothing caught, nothing thrown)", fileMB))
        print("")
        let check = [
            explorer, "check", payload, "--model", model, "--type", "IssuePage", "--key-strategy", "snake-case", "--date-strategy",
            "iso8601", "--mode", "compiled",
        ]
        // Both through env(1), so both pay the same exec.
        let contestants: [(String, [String])] = [
            ("check --mode compiled, without the ledger (baseline)", ["/usr/bin/env", "CODABLE_EXPLORER_LEDGER=off"] + check),
            ("check --mode compiled, with the ledger", ["/usr/bin/env", "CODABLE_EXPLORER_LEDGER=on"] + check),
            ("JSONDecoder -> IssuePage (compiled, swiftc -O), for scale", [bench, "measure", "compiled", payload]),
        ]
        // The runner is built by the first check (cached after): not measured.
        let warm = try SilentRun.run(contestants[1].1[0], Array(contestants[1].1.dropFirst()))
        guard warm.status == 0 else { throw BenchError.childFailed(arguments: contestants[1].1, status: warm.status) }
        var times = Array(repeating: [Double](), count: contestants.count)
        for _ in 0..<runs {
            for (i, (_, command)) in contestants.enumerated() {
                let run = try SilentRun.run(command[0], Array(command.dropFirst()))
                guard run.status == 0 else { throw BenchError.childFailed(arguments: command, status: run.status) }
                times[i].append(run.seconds)
            }
        }
        let medians = times.map { $0.sorted()[$0.count / 2] }
        for (i, (title, _)) in contestants.enumerated() {
            let all = times[i].map { String(format: "%.2f", $0) }.joined(separator: " ")
            print(String(format: "  %@: %.2f s (runs: %@)", title, medians[i], all))
        }
        let ratio = medians[1] / medians[0]
        print("")
        print(
            String(
                format: "with the ledger / without = %.3fx (target <= 1.05x: %@)", ratio, ratio <= 1.05 ? "met" : "MISSED"))
        print("(wall time of whole processes, median of \(runs), rounds alternating; the runner cached by a first run)")
    }
}

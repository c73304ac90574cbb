import Foundation

/// `ce-bench explorer`: the explorer's speed and memory on a ~100 MB payload, measured on the
/// real release binary in tmux, against baselines measured in the same run.
///
/// 1. A child of ce-bench writes the payload (the list response plus a 1,000,000-element
///    array, see `PayloadGenerator+Explorer.swift`).
/// 2. `--runs` rounds of: the baselines, each in a fresh child process on the same file
///    (reading it only, `JSONTree.parse` (the explorer's parser) and
///    `JSONSerialization.jsonObject`), the time tmux takes to show a pane's first output (a
///    shell's `echo`), then one session of the explorer (``ExplorerSession``), a fresh process
///    typing the whole ``ExplorerScript``.
/// 4. The report (``ExplorerReport``): first frame, keystroke-to-frame per key class, peak
///    memory, as ratios to the baselines and against the issue's absolute targets.
struct ExplorerBenchmark {
    struct Options {
        var payload = BenchCommand.PayloadOptions()
        var runs = 3
        var keep: String?
        var existingPayload: String?
        var binary: String?
        var width = 120
        var height = 40
    }

    static let usage = """
        usage: ce-bench explorer [--size-mb N] [--seed N] [--runs N] [--keep FILE | --payload FILE]
                                 [--binary PATH]
               ce-bench explorer generate [--size-mb N] [--seed N] FILE

          Runs the release explorer (default: codable-explorer beside this ce-bench, so build
          it first with `swift build -c release --scratch-path .build-bench --product
          codable-explorer`) in a private tmux server, 120x40, TERM=xterm-256color, on a
          generated payload (default 100 MB, with a 1,000,000-element array), in --runs rounds
          (default 3) of: each baseline in a child process, then one explorer session.
          --payload uses an existing file (it must be one this command wrote); --keep keeps the
          generated one.
        """

    static let generatedTag = "ce-bench-explorer-generated"

    enum Command {
        case benchmark(Options)
        case generate(BenchCommand.PayloadOptions, file: String)
        case help
    }

    static func command(_ arguments: [String]) throws -> Command {
        var rest = arguments[...]
        let generate = rest.first == "generate"
        if generate { rest = rest.dropFirst() }
        var options = Options()
        var positional: [String] = []
        func value(_ name: String) throws -> String {
            guard let value = rest.popFirst() else { throw ExplorerBenchError.usage("\(name) needs a value") }
            return value
        }
        func positive(_ name: String) throws -> Int {
            guard let n = Int(try value(name)), n > 0 else { throw ExplorerBenchError.usage("\(name) needs a positive integer") }
            return n
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--size-mb":
                guard let mb = Double(try value(argument)), mb > 0 else {
                    throw ExplorerBenchError.usage("--size-mb needs a positive number")
                }
                options.payload.sizeMB = mb
            case "--seed":
                guard let seed = UInt64(try value(argument)) else { throw ExplorerBenchError.usage("--seed needs a non-negative integer") }
                options.payload.seed = seed
            case "--runs": options.runs = try positive(argument)
            case "--keep": options.keep = try value(argument)
            case "--payload": options.existingPayload = try value(argument)
            case "--binary": options.binary = try value(argument)
            case "-h", "--help": return .help
            default:
                guard !argument.hasPrefix("-") else { throw ExplorerBenchError.usage("unknown option \(argument)") }
                positional.append(argument)
            }
        }
        if generate {
            guard positional.count == 1 else { throw ExplorerBenchError.usage("explorer generate needs one FILE") }
            return .generate(options.payload, file: positional[0])
        }
        guard positional.isEmpty else { throw ExplorerBenchError.usage("unexpected arguments: \(positional.joined(separator: " "))") }
        return .benchmark(options)
    }

    static func main(_ arguments: [String]) throws {
        switch try command(arguments) {
        case .help:
            print(usage)
        case .generate(let payload, let file):
            print(try generate(payload, into: file).text)
        case .benchmark(let options):
            try ExplorerBenchmark(options: options).run()
        }
    }

    private static func generate(_ payload: BenchCommand.PayloadOptions, into file: String) throws -> ReportLine {
        let clock = ContinuousClock()
        let start = clock.now
        var generator = PayloadGenerator(seed: payload.seed, targetBytes: payload.targetBytes)
        let generated = generator.generateExplorerPayload(targetBytes: payload.targetBytes)
        let generatedAt = clock.now
        try FileBytes.write(generated.bytes, to: file)
        return ReportLine(
            tag: generatedTag,
            fields: [
                ("bytes", "\(generated.bytes.count)"),
                ("records", "\(generated.recordCount)"),
                ("generate_s", "\((generatedAt - start).seconds)"),
                ("write_s", "\((clock.now - generatedAt).seconds)"),
            ])
    }

    var options: Options

    func run() throws {
        guard TmuxDriver.isAvailable else { throw ExplorerBenchError.usage("tmux is not installed") }
        let binary = options.binary ?? Self.besideThisExecutable("codable-explorer")
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ExplorerBenchError.usage(
                "no explorer at \(binary): build it with"
                    + " `swift build -c release --scratch-path .build-bench --product codable-explorer`, or pass --binary")
        }
        say(MachineFacts.current().rendered)
        say("date:    \(Date().formatted(.iso8601))")
        say(
            "explorer: \(binary) (modified \(Self.modified(binary))), \(TmuxDriver.version),"
                + " \(options.width)x\(options.height), TERM=xterm-256color")
        say("")

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ce-bench-explorer-\(getpid())").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        let path: String
        if let existing = options.existingPayload {
            path = existing
            say("payload: \(path) (given), \(Self.fileSize(path)) bytes")
        } else {
            path = options.keep ?? scratch + "/payload.json"
            let arguments = ["explorer", "generate", "--size-mb", "\(options.payload.sizeMB)", "--seed", "\(options.payload.seed)", path]
            let output = try ChildProcess.run(arguments)
            guard let line = ReportLine(tag: Self.generatedTag, in: output) else {
                throw BenchError.malformedChildReport(arguments: arguments, output: output)
            }
            say(
                "payload: \(path), \(line["bytes"] ?? "?") bytes, \(line["records"] ?? "?") records"
                    + " + \(PayloadGenerator.explorerSeriesKey): \(PayloadGenerator.explorerSeriesCount) numbers,"
                    + " seed \(options.payload.seed) (generated in \(line["generate_s"].flatMap(Double.init).map { String(format: "%.2f", $0) } ?? "?") s)"
            )
        }
        let fileBytes = Self.fileSize(path)
        say("")

        // Rounds: each measures every baseline once and then the explorer, so that a busy
        // moment on shared cores weighs on both sides of a ratio alike.
        let contestants = [Contestant.baseline, .scan, .jsonSerialization]
        var baselineRuns: [[ChildMeasurement]] = contestants.map { _ in [] }
        var tmuxStartups: [Double] = []
        var sessions: [ExplorerSession.Result] = []
        let script = ExplorerScript(series: "\(PayloadGenerator.explorerSeriesKey)", seriesCount: PayloadGenerator.explorerSeriesCount)
        for round in 1...options.runs {
            say("round \(round)/\(options.runs)")
            for (index, contestant) in contestants.enumerated() {
                let run = try ChildProcess.measure(contestant, file: path)
                say(
                    "  baseline \(contestant.title): read \(String(format: "%.3f", run.readSeconds)) s,"
                        + " parse \(String(format: "%.3f", run.parseSeconds)) s, peak RSS \(String(format: "%.1f", Double(run.highWaterKiB) * 1024 / 1e6)) MB"
                )
                baselineRuns[index].append(run)
            }
            let startup = try Self.tmuxStartup(scratch: scratch, width: options.width, height: options.height)
            say("  baseline tmux new-session to a pane's first output: \(String(format: "%.0f", startup)) ms")
            tmuxStartups.append(startup)
            let session = ExplorerSession(
                binary: binary, payload: path, script: script,
                width: options.width, height: options.height, scratch: scratch, say: say)
            let result = try session.run()
            let keys = result.keys.map(\.milliseconds).sorted()
            say(
                "  explorer: first frame \(String(format: "%.0f", result.firstFrameMs)) ms,"
                    + " whole tree \(String(format: "%.0f", result.wholeTreeMs)) ms"
                    + " (its counts seen in tmux after \(String(format: "%.0f", result.firstFrameSeenMs)) ms),"
                    + " \(keys.count) keys, median \(String(format: "%.2f", ExplorerReport.percentile(keys, 50))) ms,"
                    + " slowest \(result.keys.max { $0.milliseconds < $1.milliseconds }.map { "\($0.key) (\($0.keyClass.title)) \(String(format: "%.1f", $0.milliseconds))" } ?? "-") ms,"
                    + " VmHWM \(String(format: "%.1f", Double(result.highWaterKiB) * 1024 / 1e6)) MB")
            sessions.append(result)
        }
        let baselines = zip(contestants, baselineRuns).map { ExplorerReport.Baseline(contestant: $0, runs: $1) }
        say("")
        say(ExplorerReport(fileBytes: fileBytes, baselines: baselines, tmuxStartupMs: tmuxStartups, sessions: sessions).rendered)
    }

    /// How long tmux takes from `new-session` to showing a pane's first output: the part of
    /// the outside first-frame time that is tmux's, not the explorer's.
    private static func tmuxStartup(scratch: String, width: Int, height: Int) throws -> Double {
        let tmux = try TmuxDriver(scratch: scratch)
        defer { tmux.kill() }
        let started = ContinuousClock.now
        try tmux.start(command: "echo ce-bench-ready; exec sleep 30", width: width, height: height)
        guard try tmux.waitForScreen(containing: "ce-bench-ready", timeout: .seconds(10), pollEvery: .milliseconds(10)) != nil else {
            throw ExplorerBenchError.screenMismatch(step: "tmux baseline", wanted: "ce-bench-ready", screen: (try? tmux.screen()) ?? "")
        }
        let took = ContinuousClock.now - started
        return Double(took.components.seconds) * 1000 + Double(took.components.attoseconds) / 1e15
    }

    static func besideThisExecutable(_ name: String) -> String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    private static func modified(_ path: String) -> String {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date)?.formatted(.iso8601) ?? "?"
    }

    /// Prints a line at once, even when the output is piped to `tee`.
    private func say(_ line: String) {
        print(line)
        fflush(nil)
    }
}

/// What can stop the explorer benchmark.
enum ExplorerBenchError: Error, CustomStringConvertible {
    case usage(String)
    case tmuxFailed(arguments: [String], status: Int32, output: String)
    case screenMismatch(step: String, wanted: String, screen: String)
    case frameLog(String)

    var description: String {
        switch self {
        case .usage(let message):
            return "\(message)\n\n\(ExplorerBenchmark.usage)"
        case .tmuxFailed(let arguments, let status, let output):
            return "tmux \(arguments.joined(separator: " ")) failed (status \(status)): \(output)"
        case .screenMismatch(let step, let wanted, let screen):
            return "after \(step) the explorer's screen should show \(wanted); it shows:\n\(screen)"
        case .frameLog(let message):
            return "explorer benchmark: \(message)"
        }
    }
}

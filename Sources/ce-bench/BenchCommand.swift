import Foundation

/// The command line of `ce-bench`: the scanner benchmark, the engine benchmark, and the
/// subcommands the benchmarks run in child processes of themselves.
enum BenchCommand {
    case benchmark(PayloadOptions, keep: String?)
    case engineBenchmark(PayloadOptions, keep: String?, runs: Int)
    case generate(PayloadOptions, file: String)
    case measure(any MeasuredContestant, file: String)
    case checkEngine(EngineCheck)
    case help

    struct PayloadOptions {
        var sizeMB: Double = 100
        var seed: UInt64 = 20_240_601
        var fault: PayloadFault = .none
        /// Write exactly this many records instead of filling `sizeMB`.
        var recordCount: Int?

        var targetBytes: Int { Int(sizeMB * 1e6) }
    }

    static let usage = """
        usage: ce-bench [--size-mb N] [--seed N] [--keep FILE]
               ce-bench engine [--size-mb N] [--seed N] [--runs N] [--keep FILE]
               ce-bench generate [--size-mb N] [--seed N] [--fault KIND] [--records N] FILE
               ce-bench measure CONTESTANT FILE
               ce-bench check-engine VALID-FILE [FAULTY-FILE...]

          (no subcommand)  the scanner benchmark: generate the payload (default 100 MB, into a
                           temporary file or FILE with --keep), measure every contestant in
                           child processes, and print the table
          engine           the engine benchmark: the IssuePage model compiled and decoded by
                           JSONDecoder against the DecodingEngine given the same model as
                           source text, on a valid payload (default 10 MB) and on payloads where
                           every record fails; --runs per contestant (default 5); --keep FILE
                           keeps the valid payload as FILE and the others beside it
                           (x.json, x-missing-key.json, x-wrong-kind.json)
          generate         only write the payload to FILE; --fault breaks every record
                           (\(PayloadFault.allCases.map(\.rawValue).joined(separator: ", "))), --records fixes their number
          measure          (used by the benchmarks) read FILE, run one contestant, print one
                           report line with wall time and peak RSS; CONTESTANT is one of
                           \((Contestant.allCases.map(\.rawValue) + EngineContestant.allCases.map(\.rawValue))
                               .joined(separator: ", "))
          check-engine     (used by the engine benchmark) check that the engine and the compiled
                           model agree on the payloads
        """

    init(arguments: [String]) throws {
        var rest = arguments[...]
        let subcommand = rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        if subcommand != nil { rest = rest.dropFirst() }
        var payload = PayloadOptions()
        if subcommand == "engine" { payload.sizeMB = 10 }
        var keep: String?
        var runs = 5
        var positional: [String] = []
        while let argument = rest.popFirst() {
            switch argument {
            case "--size-mb":
                guard let value = rest.popFirst().flatMap(Double.init), value > 0 else {
                    throw BenchError.usage("--size-mb needs a positive number")
                }
                payload.sizeMB = value
            case "--seed":
                guard let value = rest.popFirst().flatMap({ UInt64($0) }) else {
                    throw BenchError.usage("--seed needs a non-negative integer")
                }
                payload.seed = value
            case "--fault":
                guard let value = rest.popFirst().flatMap(PayloadFault.init(rawValue:)) else {
                    throw BenchError.usage("--fault needs one of \(PayloadFault.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                payload.fault = value
            case "--records":
                guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                    throw BenchError.usage("--records needs a positive integer")
                }
                payload.recordCount = value
            case "--runs":
                guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                    throw BenchError.usage("--runs needs a positive integer")
                }
                runs = value
            case "--keep":
                guard let value = rest.popFirst() else { throw BenchError.usage("--keep needs a file path") }
                keep = value
            case "-h", "--help":
                self = .help
                return
            default:
                guard !argument.hasPrefix("-") else { throw BenchError.usage("unknown option \(argument)") }
                positional.append(argument)
            }
        }
        switch (subcommand, positional.count) {
        case (nil, 0):
            self = .benchmark(payload, keep: keep)
        case ("engine", 0):
            self = .engineBenchmark(payload, keep: keep, runs: runs)
        case ("generate", 1):
            self = .generate(payload, file: positional[0])
        case ("measure", 2):
            let name = positional[0]
            guard let contestant: any MeasuredContestant = Contestant(rawValue: name) ?? EngineContestant(rawValue: name) else {
                throw BenchError.usage("unknown contestant \(name)")
            }
            self = .measure(contestant, file: positional[1])
        case ("check-engine", 1...):
            self = .checkEngine(EngineCheck(validPath: positional[0], faultyPaths: Array(positional.dropFirst())))
        default:
            throw BenchError.usage("unexpected arguments: \(arguments.joined(separator: " "))")
        }
    }

    func run() throws {
        switch self {
        case .help:
            print(Self.usage)
        case .benchmark(let payload, let keep):
            try BenchmarkRun(payload: payload, keepPath: keep).run()
        case .engineBenchmark(let payload, let keep, let runs):
            try EngineBenchmarkRun(payload: payload, keepPath: keep, runs: runs).run()
        case .checkEngine(let check):
            print(try check.run().text)
        case .generate(let payload, let file):
            print(try Self.generate(payload, into: file).text)
        case .measure(let contestant, let file):
            print(try ChildMeasurement.measure(contestant, file: file).reportLine.text)
        }
    }

    static let generatedTag = "ce-bench-generated"

    /// Writes the payload and returns the line the parent reads.
    private static func generate(_ payload: PayloadOptions, into file: String) throws -> ReportLine {
        let clock = ContinuousClock()
        let start = clock.now
        let generated = PayloadGenerator(
            seed: payload.seed, targetBytes: payload.targetBytes, fault: payload.fault,
            recordCount: payload.recordCount
        ).generate()
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
}

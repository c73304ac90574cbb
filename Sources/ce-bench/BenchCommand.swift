import Foundation

/// The command line of `ce-bench`: the benchmark itself, and the two subcommands the
/// benchmark runs in child processes of itself.
enum BenchCommand {
    case benchmark(PayloadOptions, keep: String?)
    case generate(PayloadOptions, file: String)
    case measure(Contestant, file: String)
    case help

    struct PayloadOptions {
        var sizeMB: Double = 100
        var seed: UInt64 = 20_240_601

        var targetBytes: Int { Int(sizeMB * 1e6) }
    }

    static let usage = """
        usage: ce-bench [--size-mb N] [--seed N] [--keep FILE]
               ce-bench generate [--size-mb N] [--seed N] FILE
               ce-bench measure (\(Contestant.allCases.map(\.rawValue).joined(separator: "|"))) FILE

          (no subcommand)  generate the payload (default 100 MB, into a temporary file or
                           FILE with --keep), measure every contestant in child processes,
                           and print the table
          generate         only write the payload to FILE
          measure          (used by the benchmark) read FILE, run one contestant, print one
                           report line with wall time and peak RSS
        """

    init(arguments: [String]) throws {
        var rest = arguments[...]
        let subcommand = rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        if subcommand != nil { rest = rest.dropFirst() }
        var payload = PayloadOptions()
        var keep: String?
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
        case ("generate", 1):
            self = .generate(payload, file: positional[0])
        case ("measure", 2):
            guard let contestant = Contestant(rawValue: positional[0]) else {
                throw BenchError.usage("unknown contestant \(positional[0])")
            }
            self = .measure(contestant, file: positional[1])
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
        let generated = PayloadGenerator(seed: payload.seed, targetBytes: payload.targetBytes).generate()
        let generatedAt = clock.now
        try FileBytes.write(generated.bytes, to: file)
        return ReportLine(tag: generatedTag, fields: [
            ("bytes", "\(generated.bytes.count)"),
            ("records", "\(generated.recordCount)"),
            ("generate_s", "\((generatedAt - start).seconds)"),
            ("write_s", "\((clock.now - generatedAt).seconds)"),
        ])
    }
}

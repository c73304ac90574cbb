import ArgumentParser
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

/// `check`: decode one payload into one model type, headless, as ../shared/spec/check-output.md says.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decode a payload into one of your model types and report what JSONDecoder says.",
        discussion: "Exit status: 0 the value decoded, 1 it did not, 2 the command could not run."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "The payload file, or - for standard input.")
    var payload: String

    @Option(name: .customLong("model"), help: "A Swift model file or a folder of them (repeatable).")
    var models: [String] = []

    @Option(help: "The type expression to decode: Product, [Product], [String: Product], PageEntity<Song>, Product?")
    var type: String

    @Option(help: "The key path of the node to decode at (default: the root).")
    var path: String = ""

    @OptionGroup var strategies: StrategyOptions

    @Flag(name: .customLong("all-errors"), help: "Go on past each error and report every independent one.")
    var allErrors = false

    @Option(help: "text (compiler-style diagnostics) or json (the contract of check-output.md).")
    var format: Format = .text

    /// Keep the trace of container calls (for the explorer's init(from:) stepping view).
    @Flag(help: .hidden)
    var trace = false

    func run() throws {
        let job: CheckJob
        do {
            job = try CheckJob.prepare(self)
        } catch {
            PayloadInput.complain(error.description)
            throw ExitCode(2)
        }
        let report: DecodeReport
        switch DecodeWorker().run(executable: Self.selfExecutable, arguments: ["decode-worker"] + workerArguments(payloadPath: job.payloadPath)) {
        case .finished(let finished):
            report = finished
        case .crashed(let signal, _):
            PayloadInput.complain("JSONDecoder crashed decoding this payload (signal \(signal), a precondition failure inside Foundation); an app decoding it would crash too")
            throw ExitCode(2)
        case .failed(_, let message):
            PayloadInput.complain(message.isEmpty ? "the decoding worker failed" : message.trimmingCharacters(in: .whitespacesAndNewlines))
            throw ExitCode(2)
        case .cancelled:
            throw ExitCode(2)
        }
        if let failure = report.failure {
            PayloadInput.complain(failure.description)
            throw ExitCode(2)
        }
        switch format {
        case .json: print(CheckOutput(report: report, typeExpression: type, path: job.pathText).json)
        case .text: print(CheckText(report: report, job: job).rendered)
        }
        if !report.ok { throw ExitCode(1) }
    }

    /// This program, which `decode-worker` re-runs in a child process.
    static var selfExecutable: URL { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath() }

    /// The same request, for the worker: the payload as a file path.
    func workerArguments(payloadPath: String) -> [String] {
        var arguments = [payloadPath]
        for model in models { arguments += ["--model", model] }
        arguments += ["--type", type, "--path", path]
        arguments += ["--key-strategy", strategies.keyStrategy, "--date-strategy", strategies.dateStrategy,
                      "--data-strategy", strategies.dataStrategy, "--float-strategy", strategies.floatStrategy]
        if strategies.json5 { arguments.append("--json5") }
        if allErrors { arguments.append("--all-errors") }
        if trace { arguments.append("--trace") }
        return arguments
    }
}

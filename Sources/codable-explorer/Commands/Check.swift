import ArgumentParser
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

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

    @Option(help: "auto (the schema engine where it is exact, else your own code compiled with swiftc) | schema | compiled")
    var mode: CompiledCheck.Mode = .auto

    @Option(help: "A Swift expression from your model sources that yields your app's JSONDecoder, e.g. 'makeDecoder()' (compiled mode).")
    var decoder: String?

    @Option(help: "text (compiler-style diagnostics) or json (the contract of check-output.md).")
    var format: Format = .text

    @Flag(name: .customLong("fixes"), help: "With --format json: add each error's verified fixes (slower: every fix is checked by decoding again).")
    var withFixes = false

    @Flag(name: .customLong("no-fixes"), help: "With --format text: leave the fixes out (the explanations stay).")
    var noFixes = false

    /// Keep the trace of container calls (for the explorer's init(from:) stepping view).
    @Flag(help: .hidden)
    var trace = false

    func run() throws {
        if try CompiledCheck(command: self).runIfNeeded() { return }
        let job: CheckJob
        do {
            job = try CheckJob.prepare(self)
        } catch {
            PayloadInput.complain(error.description)
            throw ExitCode(2)
        }
        // Fixes are verified in `teach-worker`, which also decodes; without fixes, or when it
        // fails, the plain `decode-worker` gives the verdict.
        var taught: (report: DecodeReport, teaching: TeachingReport)?
        var teachingNote: String?
        if format == .text ? !noFixes : withFixes {
            switch CheckJob.teach(self, payloadPath: job.payloadPath) {
            case .success(let pair): taught = pair
            case .failure(let unavailable): teachingNote = unavailable.reason
            }
        }
        let report = try taught?.report ?? decodeInWorker(job)
        if let failure = report.failure {
            PayloadInput.complain(failure.description)
            throw ExitCode(2)
        }
        let teaching = taught?.teaching.lessons.count == report.errors.count ? taught?.teaching : nil
        let explanations = teaching?.lessons.map(\.explanation) ?? job.explanations(for: report)
        switch format {
        case .json:
            var output = CheckOutput(report: report, typeExpression: type, path: job.pathText)
            output.addedErrorMembers = TeachingJSON.errorMembers(explanations: explanations, teaching: withFixes ? teaching : nil)
            print(output.json)
            if let teachingNote { PayloadInput.complain(teachingNote) }
        case .text:
            var text = CheckText(report: report, job: job)
            text.explanations = explanations
            text.teaching = teaching
            text.teachingNote = teachingNote
            text.fixCommand = fixCommandLine(payloadPath: job.payloadName)
            print(text.rendered)
        }
        if !report.ok { throw ExitCode(1) }
    }

    /// The verdict from `decode-worker`; a child that crashes or fails ends the command (status 2).
    func decodeInWorker(_ job: CheckJob) throws -> DecodeReport {
        switch DecodeWorker().run(executable: Self.selfExecutable, arguments: ["decode-worker"] + workerArguments(payloadPath: job.payloadPath)) {
        case .finished(let finished):
            return finished
        case .crashed(let signal, _):
            PayloadInput.complain("JSONDecoder crashed decoding this payload (signal \(signal), a precondition failure inside Foundation); an app decoding it would crash too")
            throw ExitCode(2)
        case .failed(_, let message):
            PayloadInput.complain(message.isEmpty ? "the decoding worker failed" : message.trimmingCharacters(in: .whitespacesAndNewlines))
            throw ExitCode(2)
        case .cancelled:
            throw ExitCode(2)
        }
    }

    /// `codable-explorer fix …` with this request's arguments, for the hint under the fixes.
    func fixCommandLine(payloadPath: String) -> String {
        var words = ["codable-explorer", "fix", payload]
        for model in models { words += ["--model", model] }
        words += ["--type", type]
        if !path.isEmpty { words += ["--path", path] }
        if strategies.keyStrategy != "default" { words += ["--key-strategy", strategies.keyStrategy] }
        if strategies.dateStrategy != "deferred" { words += ["--date-strategy", strategies.dateStrategy] }
        if strategies.dataStrategy != "base64" { words += ["--data-strategy", strategies.dataStrategy] }
        if strategies.floatStrategy != "throw" { words += ["--float-strategy", strategies.floatStrategy] }
        if strategies.json5 { words.append("--json5") }
        if allErrors { words.append("--all-errors") }
        return words.map(ShellWord.quoted).joined(separator: " ")
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

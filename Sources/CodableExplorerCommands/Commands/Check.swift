import ArgumentParser
import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// `check`: decode one payload into one model type, headless, as docs/check-output.md says.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decode a payload into one of your model types and report what JSONDecoder says.",
        discussion: """
            Exit status: 0 the value decoded, 1 it did not, 2 the command could not run.

            Example:
              codable-explorer check orders.json --model Sources/Models --type '[Order]'

            A capture of recorded traffic (a HAR, JSON Lines, a folder of responses) is checked entry by entry, \
            each with the type its route names:
              codable-explorer check traffic.har --routes api.routes --model Sources/Models
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "The payload file, or - for standard input.")
    var payload: String

    @Option(name: .customLong("model"), help: "A Swift model file or a folder of them (repeatable).")
    var models: [String] = []

    @OptionGroup var packageOptions: PackageOptions

    @Option(
        name: .customLong("type"),
        help: "The type expression to decode: Product, [Product], [String: Product], PageEntity<Song>, Product?")
    var typeOption: String?

    /// The type expression (a capture checked with --routes has none of its own).
    var type: String { typeOption ?? "" }

    @OptionGroup var captureOptions: CaptureOptions

    @Option(help: "The key path of the node to decode at (default: the root).")
    var path: String = ""

    @OptionGroup var strategies: StrategyOptions

    @Flag(name: .customLong("all-errors"), help: "Go on past each error and report every independent one.")
    var allErrors = false

    @OptionGroup var engine: EngineOptions

    @Option(
        help: ArgumentHelp(
            "Seconds a compiled decode may run before it is stopped (default: 30, plus 1 per MB of payload).",
            valueName: "seconds"))
    var timeout: Double?

    @Option(help: "text (compiler-style diagnostics) or json (the contract of check-output.md).")
    var format: Format = .text

    @Flag(
        name: .customLong("fixes"),
        help: "With --format json: add each error's verified fixes (slower: every fix is checked by decoding again).")
    var withFixes = false

    @Flag(name: .customLong("no-fixes"), help: "With --format text: leave the fixes out (the explanations stay).")
    var noFixes = false

    /// Keep the trace of container calls (for the explorer's init(from:) stepping view).
    @Flag(help: .hidden)
    var trace = false

    func validate() throws {
        if typeOption == nil, !captureOptions.isCapture(payload) {
            throw ValidationError("Missing expected argument '--type <type>' (or --routes FILE, with a capture)")
        }
    }

    func run() throws {
        if captureOptions.isCapture(payload) { return try CaptureCommand(check: self).run() }
        let teaching: DecodeJob.Teaching = (format == .text ? !noFixes : withFixes) ? .fixes : .explanations
        var job: CheckJob
        do {
            job = try CheckJob.prepare(self, teaching: teaching, value: format == .json ? .json : .none)
        } catch {
            PayloadInput.complain(error)
            throw ExitCode(2)
        }
        let answer = try job.run()
        let report = answer.report
        let explanations = answer.teaching?.lessons.map(\.explanation) ?? []
        let fixes = teaching == .fixes ? answer.teaching : nil
        switch format {
        case .json:
            var output = CheckOutput(report: report, typeExpression: type, path: job.pathText)
            output.mode = job.mode.rawValue
            output.valueJSON = answer.valueJSON
            output.addedErrorMembers = TeachingJSON.errorMembers(explanations: explanations, teaching: withFixes ? fixes : nil)
            // Compiled mode's warnings are read from the value the model's code decoded (dates only).
            output.addedMembers = TeachingJSON.topMembers(teaching: answer.teaching)
            if withFixes, let fixes { output.addedMembers.append(("fixes", TeachingJSON.allFixes(fixes))) }
            // A piece at a time, each written where it is: the value is not copied into one line first.
            fflush(nil)  // nothing printed is left behind in stdout's buffer
            output.write { bytes in
                bytes.withUnsafeBytes { buffer in
                    guard let start = buffer.baseAddress, !buffer.isEmpty else { return }
                    FileHandle.standardOutput.write(
                        Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: buffer.count, deallocator: .none))
                }
            }
            print()
            if let note = answer.teachingNote { PayloadInput.complain(note) }
        case .text:
            var text = CheckText(report: report, job: job)
            text.bytes = report.ok && (answer.teaching?.warnings.isEmpty ?? true) ? [] : job.bytes()
            text.explanations = explanations
            text.teaching = fixes
            text.groupsWithoutFixes = answer.teaching?.groups ?? []
            text.teachingNote = answer.teachingNote
            text.warnings = answer.teaching?.warnings ?? []
            text.fixCommand = fixCommandLine(payloadPath: job.payloadName)
            // Every line escaped once more where it leaves: nothing the payload or the model's code
            // said reaches the terminal as a control sequence, whichever line quotes it.
            print(TerminalSafeText.escapeLines(text.rendered))
        }
        if !report.ok { throw ExitCode(1) }
    }

    /// `codable-explorer fix …` with this request's arguments, for the hint under the fixes.
    func fixCommandLine(payloadPath: String) -> String {
        var words = ["codable-explorer", "fix", payload]
        for model in models { words += ["--model", model] }
        words += packageOptions.words
        words += ["--type", type]
        words += engine.words
        if !path.isEmpty { words += ["--path", path] }
        if strategies.keyStrategy != "default" { words += ["--key-strategy", strategies.keyStrategy] }
        if strategies.dateStrategy != "deferred" { words += ["--date-strategy", strategies.dateStrategy] }
        if strategies.dataStrategy != "base64" { words += ["--data-strategy", strategies.dataStrategy] }
        if strategies.floatStrategy != "throw" { words += ["--float-strategy", strategies.floatStrategy] }
        if strategies.json5 { words.append("--json5") }
        if allErrors { words.append("--all-errors") }
        return words.map(ShellWord.quoted).joined(separator: " ")
    }
}

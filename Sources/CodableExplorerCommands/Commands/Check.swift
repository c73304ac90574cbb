import ArgumentParser
import CommandRuns
import DecodingEngine
import JSONTree

/// `check`: decode one payload into one model type, headless, as docs/check-output.md says.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
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

    typealias Format = CheckRun.Format

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

    @Option(
        name: .customLong("strict"),
        help: ArgumentHelp(
            "Fail (status 1) a decode that succeeded when your code caught an error (--strict), or when the payload sends keys the model never reads (--strict keys); with a capture, also on entries no route covers and on error responses.",
            valueName: "caught|keys"))
    var strict: [StrictRule] = []

    @Flag(
        name: .customLong("unread-keys"),
        help: "List the keys the payload sends that the model never reads, by type (compiled mode then traces the decode).")
    var unreadKeys = false

    /// Keep the trace of container calls (for the explorer's init(from:) stepping view).
    @Flag(help: .hidden)
    var trace = false

    func validate() throws {
        if typeOption == nil, !captureOptions.isCapture(payload) {
            throw ValidationError("Missing expected argument '--type <type>' (or --routes FILE, with a capture)")
        }
    }

    func run() throws {
        if captureOptions.isCapture(payload) {
            return try CaptureRun(
                payload: payload, input: captureOptions.input, typeExpression: typeOption, path: path,
                sources: packageOptions.sources(models), mode: engine.mode, decoder: engine.decoder, strategies: strategies.words,
                allErrors: allErrors, timeout: timeout, format: format, withFixes: withFixes, strict: !strict.isEmpty
            ).run()
        }
        let showsFixes = format == .text ? !noFixes : withFixes
        try CheckRun(
            request: try CommandFailure.orExit(request), format: format, showsFixes: showsFixes, strict: strict,
            fixCommand: fixCommandLine()
        ).run()
    }

    /// The decode the command line asks for: the strategy flags read, the models found.
    func request() throws(CommandFailure) -> CheckRequest {
        var options = try strategies.words.decodeOptions()
        options.allErrors = allErrors
        options.tracesCalls = trace
        options.listsUnreadKeys = unreadKeys || strict.contains(.keys)
        let models = try packageOptions.modelSet(self.models, engine: engine)
        // A missing model, or --decoder in schema mode, the child refuses (it checks every job so).
        if engine.decoder != nil, strategies.isCustomized { throw .decoderWithStrategyFlags }
        return CheckRequest(payload: payload, models: models, typeExpression: type, path: path, options: options, timeout: timeout)
    }

    /// `codable-explorer fix …` with this request's arguments, for the hint under the fixes.
    func fixCommandLine() -> String {
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

extension CheckRun.Format: ExpressibleByArgument {}

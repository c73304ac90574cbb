import Capture
import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree

/// `check CAPTURE --routes FILE` (or `--type`): every entry of a capture checked in one decode
/// session, one verdict each, as text or as one JSON object (docs/check-output.md, "Captures").
public struct CaptureRun {
    /// The capture: a HAR or JSON Lines file, standard input, or a folder of responses.
    public var payload: String
    /// How it is read, and the routes file.
    public var input: CaptureInput
    /// `--type` (at `--path`) for every entry, without routes.
    public var typeExpression: String?
    public var path: String
    /// The models, as `check` takes them, and its strategies.
    public var sources: ModelSources
    public var mode: DecodeJob.Mode
    public var decoder: String?
    public var strategies: StrategyWords
    public var allErrors: Bool
    public var timeout: Double?
    public var format: CheckRun.Format
    public var withFixes: Bool
    /// `--strict`: entries no route covers and error responses fail the check too.
    public var strict: Bool

    public init(
        payload: String, input: CaptureInput, typeExpression: String?, path: String, sources: ModelSources, mode: DecodeJob.Mode,
        decoder: String?, strategies: StrategyWords, allErrors: Bool, timeout: Double?, format: CheckRun.Format, withFixes: Bool,
        strict: Bool
    ) {
        self.payload = payload
        self.input = input
        self.typeExpression = typeExpression
        self.path = path
        self.sources = sources
        self.mode = mode
        self.decoder = decoder
        self.strategies = strategies
        self.allErrors = allErrors
        self.timeout = timeout
        self.format = format
        self.withFixes = withFixes
        self.strict = strict
    }

    public func run() throws(ExitStatus) {
        let name = PayloadInput.displayName(payload)
        // The capture is read on a thread of its own while this one reads the routes and the models
        // and sends the worker a job ahead (``CaptureCheck/warm``): the runner is found and started
        // meanwhile. What cannot be read is still said in this order: the capture, the routes, the models.
        let opening = Background { [input, payload] () throws(CommandFailure) in try input.open(payload) }
        let bodies: URL
        do { bodies = try PrivateFolder.makeUnique(in: FileManager.default.temporaryDirectory, prefix: "codable-explorer-capture") } catch {
            PayloadInput.complain("cannot make a private folder for the bodies: \(error.description)")
            throw .cannotRun
        }
        // Removed at exit with what it holds, and when a signal ends the command: it, then what the check writes in it.
        TemporaryFiles.removeFolderAtExit(bodies.path)
        TemporaryFiles.remove(bodies.path)
        let session = DecodeSession()
        let prepared = Result { () throws(CommandFailure) in try prepare(routes: try routeTable()) }
        if case .success(let check) = prepared { check.warm(session, bodies: bodies) }
        var captureCheck: CaptureCheck
        do throws(CommandFailure) {
            let capture = try opening.wait()
            captureCheck = try prepared.get()
            captureCheck.capture = capture
            captureCheck.endsSession = true
        } catch {
            session.cancel()
            PayloadInput.complain(error.description)
            throw .cannotRun
        }
        let routes = captureCheck.routes
        let capture = captureCheck.capture
        let progress = CaptureProgress(total: capture.count)
        var printer = CapturePrinter(name: name, capture: capture, routes: routes, format: format, withFixes: withFixes)
        var stopped: CaptureOutcome?
        try captureCheck.run(
            session: session, bodies: bodies, progress: { progress.show($0) },
            compiling: { start in if isatty(STDERR_FILENO) != 0 { progress.printing { PayloadInput.note("\(start.text)…") } } }
        ) { outcome, body in
            if outcome.failure != nil {
                stopped = outcome
                return
            }
            progress.printing { printer.print(outcome, body: body) }
        }
        progress.stop()
        // Said while the worker and its runner end (the check ended the session's input with its last entry).
        if stopped == nil { printer.end() }
        session.close()
        // The folder and what is left in it (the job ahead's file) go at exit, by their names (``TemporaryFiles``).
        if let stopped {
            PayloadInput.complain(Self.stopReason(stopped, routes: routes))
            throw .cannotRun
        }
        let summary = printer.summary
        if summary.fails > 0 || (strict && (summary.unmapped > 0 || summary.errorResponses > 0)) {
            throw .failure
        }
    }

    /// The routes file's table, or `--type` for every entry.
    func routeTable() throws(CommandFailure) -> RouteTable {
        guard let file = input.routes else {
            guard let typeExpression else { throw .captureNeedsRoutes("check") }
            do { return .single(typeExpression, at: try NodePath(parsing: path)) } catch { throw .pathSyntax(error) }
        }
        if typeExpression != nil { throw .routesAndType }
        return try input.routeTable(file)
    }

    /// The check, with `check`'s own model options and strategies; its capture is set once read.
    func prepare(routes: RouteTable) throws(CommandFailure) -> CaptureCheck {
        var options = try strategies.decodeOptions()
        options.allErrors = allErrors
        let models = try sources.modelSet(mode: mode, decoder: decoder)
        guard !models.paths.isEmpty else { throw .noModel }
        if let refusal = strategies.refusal(ofDecoder: decoder, mode: mode) { throw refusal }
        var captureCheck = CaptureCheck(capture: .empty, routes: routes, models: models, options: options)
        captureCheck.scratch = { TemporaryFiles.remove($0) }
        captureCheck.teaching = format == .json && withFixes ? .fixes : .explanations
        captureCheck.value = format == .json ? .json : .none
        if let timeout {
            guard timeout > 0 else { throw .timeout(timeout) }
            captureCheck.timeLimit = timeout
        }
        return captureCheck
    }

    /// Why the check stopped: a rule's type the model cannot decode is said at the rule.
    static func stopReason(_ outcome: CaptureOutcome, routes: RouteTable) -> String {
        let why = outcome.failure?.description ?? outcome.reason ?? ""
        guard let rule = outcome.rule, let file = routes.file else { return why }
        return RouteError(file: file, line: rule.line, column: rule.typeColumn, reason: .type(why)).description
    }
}

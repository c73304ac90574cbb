import ArgumentParser
import Capture
import CommandRuns
import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree

/// `check CAPTURE --routes FILE` (or `--type`): every entry of a capture checked in one decode
/// session, one verdict each, as text or as one JSON object (docs/check-output.md, "Captures").
struct CaptureCommand {
    var check: Check

    func run() throws {
        let name = PayloadInput.displayName(check.payload)
        let capture = try Self.orExit { () throws(CommandFailure) in try check.captureOptions.input.open(check.payload) }
        let routes = try Self.orExit { () throws(CommandFailure) in try routeTable() }
        let captureCheck = try Self.orExit { () throws(CommandFailure) in try prepare(capture, routes: routes) }
        let bodies: URL
        do { bodies = try PrivateFolder.makeUnique(in: FileManager.default.temporaryDirectory, prefix: "codable-explorer-capture") } catch {
            PayloadInput.complain("cannot make a private folder for the bodies: \(error.description)")
            throw ExitCode(2)
        }
        TemporaryFiles.removeFolderAtExit(bodies.path)
        let session = DecodeSession()
        let progress = CaptureProgress(total: capture.count)
        var printer = CapturePrinter(name: name, capture: capture, routes: routes, format: check.format, withFixes: check.withFixes)
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
        session.close()
        progress.stop()
        try? FileManager.default.removeItem(at: bodies)
        if let stopped {
            PayloadInput.complain(Self.stopReason(stopped, routes: routes))
            throw ExitCode(2)
        }
        printer.end()
        let summary = printer.summary
        if summary.fails > 0 || (!check.strict.isEmpty && (summary.unmapped > 0 || summary.errorResponses > 0)) {
            throw ExitCode(1)
        }
    }

    /// The routes file's table, or `--type` for every entry.
    func routeTable() throws(CommandFailure) -> RouteTable {
        guard let file = check.captureOptions.routes else {
            guard let type = check.typeOption else { throw .captureNeedsRoutes("check") }
            do { return .single(type, at: try NodePath(parsing: check.path)) } catch { throw .pathSyntax(error) }
        }
        if check.typeOption != nil { throw .routesAndType }
        return try check.captureOptions.input.routeTable(file)
    }

    /// The check, with `check`'s own model options and strategies.
    func prepare(_ capture: Capture, routes: RouteTable) throws(CommandFailure) -> CaptureCheck {
        var options = try check.strategies.words.decodeOptions()
        options.allErrors = check.allErrors
        let models = try check.packageOptions.modelSet(check.models, engine: check.engine)
        guard !models.paths.isEmpty else { throw .noModel }
        if let refusal = check.strategies.words.refusal(ofDecoder: check.engine.decoder, mode: check.engine.mode) { throw refusal }
        var captureCheck = CaptureCheck(capture: capture, routes: routes, models: models, options: options)
        captureCheck.teaching = check.format == .json && check.withFixes ? .fixes : .explanations
        captureCheck.value = check.format == .json ? .json : .none
        if let timeout = check.timeout {
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

    static func orExit<T, E: Error & CustomStringConvertible>(_ body: () throws(E) -> T) throws -> T {
        do { return try body() } catch {
            PayloadInput.complain(error.description)
            throw ExitCode(2)
        }
    }
}

import ArgumentParser
import Capture
import DecodeWorker
import DecodingEngine
import ExplorerUI
import Foundation
import JSONTree

/// `codable-explorer CAPTURE --routes FILE [model options]`: the capture's entries as a list whose
/// verdicts fill in as one worker session checks them (as `check CAPTURE` does); Enter opens an
/// entry's body as the tree, decoded with its route's type at its key path, with everything the
/// tree does; Backspace goes back to the list, its cursor where it was.
struct CaptureExplorer {
    var command: Explore
    var keyMap: KeyMap

    /// Whether the explorer opens `payload` as a capture: routes are given, or it is a HAR or a
    /// folder of responses, as `check` tells a capture. A JSON Lines file without routes opens as
    /// today, each line a value of one tree.
    static func opens(_ command: Explore, payload: String?) -> Bool {
        guard let payload, payload != "-" else { return command.routes != nil }
        let input = CaptureInput(routes: command.routes, jsonLines: command.jsonLines)
        return command.routes != nil || payload.lowercased().hasSuffix(".har")
            || input.isFolder(payload)
    }

    func run(_ payload: String) throws {
        let input = CaptureInput(routes: command.routes, jsonLines: command.jsonLines)
        let name = PayloadInput.displayName(payload)
        let capture = try CaptureCommand.orExit { () throws(CommandFailure) in try input.open(payload) }
        let routes = try CaptureCommand.orExit { () throws(CommandFailure) in try routeTable(input) }
        let (models, options) = try CaptureCommand.orExit { () throws(CommandFailure) in try setup() }
        let bodies: URL
        do { bodies = try PrivateFolder.makeUnique(in: FileManager.default.temporaryDirectory, prefix: "codable-explorer-capture") } catch {
            PayloadInput.complain("cannot make a private folder for the bodies: \(error.description)")
            throw ExitCode(2)
        }
        TemporaryFiles.removeFolderAtExit(bodies.path)
        defer { try? FileManager.default.removeItem(at: bodies) }
        let checker = CaptureChecker(capture: capture, models: models, options: options, bodies: bodies)
        let watcher =
            command.noWatch
            ? nil : FileWatcher(payloadPath: command.routes, modelPaths: ExplorerLaunch.watched(models.paths, package: models.package))
        var readRoutes: (@Sendable () -> Result<RouteTable, ReloadFailure>)?
        if let file = command.routes {
            readRoutes = { () -> Result<RouteTable, ReloadFailure> in
                do throws(CommandFailure) { return .success(try input.routeTable(file)) } catch {
                    return .failure(ReloadFailure(error.description))
                }
            }
        }
        let list = CaptureListApp(name: name, capture: capture, routes: routes, checker: checker, watcher: watcher, readRoutes: readRoutes)
        defer {
            checker.cancel()
            checker.waitUntilIdle()
        }
        while let index = list.run(backend: try Self.backend(command)) {
            guard try open(index, of: list, name: name, bodies: bodies) else { return }
        }
    }

    static func backend(_ command: Explore) throws -> NcursesBackend {
        do { return try NcursesBackend(mouse: !command.noMouse) } catch {
            PayloadInput.complain(error.description)
            throw ExitCode(2)
        }
    }

    /// The routes file's table, or `--type` (at `--path`) for every entry.
    func routeTable(_ input: CaptureInput) throws(CommandFailure) -> RouteTable {
        guard let file = command.routes else {
            guard let type = command.type else { throw .captureNeedsRoutes("the explorer") }
            do { return .single(type, at: try NodePath(parsing: command.path ?? "")) } catch { throw .pathSyntax(error) }
        }
        if command.type != nil { throw .routesAndType }
        return try input.routeTable(file)
    }

    /// The models and strategies, as `check` takes them for a capture.
    func setup() throws(CommandFailure) -> (ModelSet, DecodeOptions) {
        var options: DecodeOptions
        do { options = try command.strategies.decodeOptions() } catch { throw .strategy(error.message) }
        options.allErrors = command.allErrors
        let models = try command.packageOptions.modelSet(command.models, engine: command.engine)
        guard !models.paths.isEmpty else { throw .noModel }
        for model in models.paths where !FileManager.default.fileExists(atPath: model) { throw .noSuchModel(model) }
        if let refusal = command.engine.refusal(decoder: models.decoderExpression, strategies: command.strategies) { throw refusal }
        return (models, options)
    }

    /// Shows entry `index`'s body as the tree, decoded with its route's type; true when the user
    /// went back to the list, false when they quit. An entry that cannot open says why on the list.
    private func open(_ index: Int, of list: CaptureListApp, name: String, bodies: URL) throws -> Bool {
        let opened: OpenedEntry
        switch list.opening(index) {
        case .success(let entry): opened = entry
        case .failure(let refusal):
            list.inbox.post(.say(refusal.message))
            return true
        }
        let body = opened.body
        let rule = opened.rule
        let file = bodies.appendingPathComponent("open-\(index).json").path
        try? FileManager.default.removeItem(atPath: file)
        guard FileManager.default.createFile(atPath: file, contents: Data(body), attributes: [.posixPermissions: 0o600]) else {
            list.inbox.post(.say(StatusMessage("entry \(index): cannot keep its body for the worker", tone: .error)))
            return true
        }
        var entryCommand = command
        entryCommand.routes = nil
        entryCommand.scenario = nil
        entryCommand.type = rule.typeExpression
        entryCommand.path = rule.path == .root ? nil : rule.path.description
        var launch = try ExplorerLaunch.prepare(entryCommand, payloadPath: file, bytes: body)
        launch.state.fileName = opened.title
        launch.state.captureEntry = opened.label
        launch.services.inferredModelsFolder = URL(fileURLWithPath: name).deletingLastPathComponent().path
        let app = ExplorerApp(state: launch.state, backend: try Self.backend(command), keyMap: keyMap, services: launch.services)
        app.run(initial: launch.initialActions)
        return app.wentBackToList
    }
}

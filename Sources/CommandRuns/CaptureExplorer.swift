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
public struct CaptureExplorer {
    /// The models, strategies and type the list checks with (`typeExpression` and `path`: `--type`
    /// for every entry, without routes).
    public var request: ExplorerRequest
    /// The routes file.
    public var routes: String?
    public var mouse: Bool
    public var keyMap: KeyMap

    public init(request: ExplorerRequest, routes: String?, mouse: Bool, keyMap: KeyMap) {
        self.request = request
        self.routes = routes
        self.mouse = mouse
        self.keyMap = keyMap
    }

    /// Whether the explorer opens `payload` as a capture: routes are given, or it is a HAR or a
    /// folder of responses, as `check` tells a capture. A JSON Lines file without routes opens as
    /// today, each line a value of one tree.
    public static func opens(_ payload: String?, routes: String?, jsonLines: Bool) -> Bool {
        guard let payload, payload != "-" else { return routes != nil }
        let input = CaptureInput(routes: routes, jsonLines: jsonLines)
        return routes != nil || payload.lowercased().hasSuffix(".har")
            || input.isFolder(payload)
    }

    public func run(_ payload: String) throws(ExitStatus) {
        let input = CaptureInput(routes: routes, jsonLines: request.jsonLines)
        let name = PayloadInput.displayName(payload)
        let capture = try CommandFailure.orExit { () throws(CommandFailure) in try input.open(payload) }
        let table = try CommandFailure.orExit { () throws(CommandFailure) in try routeTable(input) }
        let (models, options) = try CommandFailure.orExit { () throws(CommandFailure) in try setup() }
        let bodies: URL
        do { bodies = try PrivateFolder.makeUnique(in: FileManager.default.temporaryDirectory, prefix: "codable-explorer-capture") } catch {
            PayloadInput.complain("cannot make a private folder for the bodies: \(error.description)")
            throw .cannotRun
        }
        TemporaryFiles.removeFolderAtExit(bodies.path)
        // And when a signal ends the explorer: it, then what the checks write in it (``CaptureCheck/scratch``).
        TemporaryFiles.remove(bodies.path)
        defer { try? FileManager.default.removeItem(at: bodies) }
        let checker = CaptureChecker(capture: capture, models: models, options: options, bodies: bodies)
        let watcher =
            request.noWatch
            ? nil : FileWatcher(payloadPath: routes, modelPaths: ExplorerLaunch.watched(models.paths, package: models.package))
        var readRoutes: (@Sendable () -> Result<RouteTable, ReloadFailure>)?
        if let file = routes {
            readRoutes = { () -> Result<RouteTable, ReloadFailure> in
                do throws(CommandFailure) { return .success(try input.routeTable(file)) } catch {
                    return .failure(ReloadFailure(error.description))
                }
            }
        }
        let list = CaptureListApp(name: name, capture: capture, routes: table, checker: checker, watcher: watcher, readRoutes: readRoutes)
        defer {
            checker.cancel()
            checker.waitUntilIdle()
        }
        while let index = list.run(backend: try Self.backend(mouse: mouse)) {
            guard try open(index, of: list, name: name, bodies: bodies) else { return }
        }
    }

    static func backend(mouse: Bool) throws(ExitStatus) -> NcursesBackend {
        do { return try NcursesBackend(mouse: mouse) } catch {
            PayloadInput.complain(error.description)
            throw .cannotRun
        }
    }

    /// The routes file's table, or `--type` (at `--path`) for every entry.
    func routeTable(_ input: CaptureInput) throws(CommandFailure) -> RouteTable {
        guard let file = routes else {
            guard let type = request.typeExpression else { throw .captureNeedsRoutes("the explorer") }
            do { return .single(type, at: try NodePath(parsing: request.path ?? "")) } catch { throw .pathSyntax(error) }
        }
        if request.typeExpression != nil { throw .routesAndType }
        return try input.routeTable(file)
    }

    /// The models and strategies, as `check` takes them for a capture.
    func setup() throws(CommandFailure) -> (ModelSet, DecodeOptions) {
        var options = try request.strategies.decodeOptions()
        options.allErrors = request.allErrors
        let models = try request.sources.modelSet(mode: request.mode, decoder: request.decoder)
        guard !models.paths.isEmpty else { throw .noModel }
        for model in models.paths where !FileManager.default.fileExists(atPath: model) { throw .noSuchModel(model) }
        if let refusal = request.strategies.refusal(ofDecoder: models.decoderExpression, mode: request.mode) { throw refusal }
        return (models, options)
    }

    /// Shows entry `index`'s body as the tree, decoded with its route's type; true when the user
    /// went back to the list, false when they quit. An entry that cannot open says why on the list.
    private func open(_ index: Int, of list: CaptureListApp, name: String, bodies: URL) throws(ExitStatus) -> Bool {
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
        var entry = request
        entry.scenario = nil
        entry.typeExpression = rule.typeExpression
        entry.path = rule.path == .root ? nil : rule.path.description
        var launch = try ExplorerLaunch.prepare(entry, payloadPath: file, bytes: body)
        launch.state.fileName = opened.title
        launch.state.captureEntry = opened.label
        launch.services.inferredModelsFolder = URL(fileURLWithPath: name).deletingLastPathComponent().path
        let app = ExplorerApp(state: launch.state, backend: try Self.backend(mouse: mouse), keyMap: keyMap, services: launch.services)
        app.run(initial: launch.initialActions)
        return app.wentBackToList
    }
}

import DecodeWorker
import DecodingEngine
import ExplorerUI
import Foundation
import JSONTree
import Teaching

/// What the command line asks the explorer to open a payload with: the models, the type and key
/// path (or a scenario's), the strategies, and whether to watch the files.
public struct ExplorerRequest: Sendable {
    public var sources: ModelSources
    public var mode: DecodeJob.Mode
    /// `--decoder`: the app's own JSONDecoder expression.
    public var decoder: String?
    public var typeExpression: String?
    public var path: String?
    /// `--scenario`: a scenario.json the user named.
    public var scenario: String?
    public var strategies: StrategyWords
    public var allErrors: Bool
    public var noWatch: Bool
    public var jsonLines: Bool

    public init(
        sources: ModelSources, mode: DecodeJob.Mode, decoder: String?, typeExpression: String?, path: String?, scenario: String?,
        strategies: StrategyWords, allErrors: Bool, noWatch: Bool, jsonLines: Bool
    ) {
        self.sources = sources
        self.mode = mode
        self.decoder = decoder
        self.typeExpression = typeExpression
        self.path = path
        self.scenario = scenario
        self.strategies = strategies
        self.allErrors = allErrors
        self.noWatch = noWatch
        self.jsonLines = jsonLines
    }
}

/// Everything the explorer starts with, from the command line (or the scenario beside the
/// payload): the parsed payload, the model setup, the services that decode and reload.
public struct ExplorerLaunch {
    public var state: ExplorerState
    public var services: ExplorerServices
    public var initialActions: [Action]

    /// `wholeByteCount`: `bytes` are only the start of the payload, which is that long (a large
    /// file opens on its prefix's tree, and the rest is read once the screen is up).
    public static func prepare(
        _ request: ExplorerRequest, payloadPath path: String, bytes: [UInt8], wholeByteCount: Int? = nil, tour: URL? = nil
    ) throws(ExitStatus) -> ExplorerLaunch {
        var bytes = bytes
        var options = try CommandFailure.orExit(request.strategies.decodeOptions)
        options.allErrors = request.allErrors
        var models = try CommandFailure.orExit { () throws(CommandFailure) in
            try request.sources.modelSet(mode: request.mode, decoder: request.decoder)
        }
        var typeExpression = request.typeExpression
        var keyPath = request.path
        // Only a scenario the user named, or one of the tool's own samples, brings its models.
        let trusted = [tour, SamplePayloads.folder()].compactMap { $0 }
        let scenario: Scenario?
        if let named = request.scenario {
            do { scenario = try Scenario.load(named) } catch {
                PayloadInput.complain(.scenario(error))
                throw .cannotRun
            }
        } else {
            scenario = Scenario.beside(payload: path, trusted: trusted)
        }
        if models.paths.isEmpty, let scenario {
            models.paths = [scenario.modelPath]
            typeExpression = typeExpression ?? scenario.type
            keyPath = keyPath ?? scenario.path
            models.decoderExpression = models.decoderExpression ?? scenario.decoder
            var flags = request.strategies
            if let keys = scenario.options?.keyStrategy { flags.keyStrategy = keys }
            if let dates = scenario.options?.dateStrategy { flags.dateStrategy = dates }
            if let scenarioOptions = try? flags.decodeOptions() {
                options = scenarioOptions
                options.allErrors = request.allErrors
            }
        }
        for model in models.paths where !FileManager.default.fileExists(atPath: model) {
            PayloadInput.complain(.noSuchModel(model))
            throw .cannotRun
        }
        // A .json5 file is read as JSON5, as `allowsJSON5 = true` would (the decode uses it too).
        if PayloadKind(path: path) == .json5 { options.allowsJSON5 = true }
        let lines: JSONTree.JSONLinesMode = request.jsonLines || PayloadKind(path: path) == .jsonLines ? .on : .auto
        let parseOptions = JSONTree.Options(json5: options.allowsJSON5, jsonLines: lines)
        let tree: JSONTree
        // A prefix opens at once unless it will not do: a path to resolve needs the whole tree, and a
        // prefix that is not JSON up to its cut has the whole file say where it stops.
        let prefixTree = wholeByteCount.flatMap { whole in
            keyPath == nil ? JSONTree.parsePrefix(bytes, wholeByteCount: whole, options: parseOptions) : nil
        }
        if wholeByteCount != nil, prefixTree == nil { bytes = try PayloadInput.loadOrExit(path).bytes }
        if let prefixTree {
            tree = prefixTree
        } else {
            do {
                // Not JSON: what was read before the error opens, with the error marked (as fx does).
                tree = try JSONTree.parseReadablePart(bytes, options: parseOptions)
            } catch {
                // Nothing could be read: say what and where, like validate, and do not open the screen.
                print(error.diagnostic.rendered(file: PayloadInput.displayName(path), payload: bytes))
                throw .failure
            }
        }
        var root: NodeID?
        if let keyPath, !keyPath.isEmpty {
            let parsed: NodePath
            do { parsed = try NodePath(parsing: keyPath) } catch {
                PayloadInput.complain(.pathSyntax(error))
                throw .cannotRun
            }
            switch parsed.resolve(in: tree) {
            case .success(let node): root = node
            case .failure(let error):
                PayloadInput.complain(.pathNotInPayload(parsed, error))
                throw .cannotRun
            }
        }
        // The models are read off the input loop once the screen is up (a hostile model must not
        // keep the explorer from opening); a decode asked for here runs in the worker meanwhile.
        // The app's decoder is refused with strategy flags or schema mode, as `check` refuses it.
        if let refusal = request.strategies.refusal(ofDecoder: models.decoderExpression, mode: request.mode) {
            PayloadInput.complain(refusal)
            throw .cannotRun
        }
        let setup = DecodeSetup(models: models, typeExpression: typeExpression, options: options)
        var state = ExplorerState(tree: tree, fileName: PayloadInput.displayName(path), decode: DecodeSession(setup: setup, root: root))
        if let root { state.perform(.reveal(root)) }

        let workerPayload = path == "-" ? try PayloadInput.temporaryCopyOrExit(bytes) : path
        var services = ExplorerServices(
            decoder: WorkerDecodeService(payloadPath: workerPayload),
            watcher: request.noWatch || path == "-"
                ? nil : FileWatcher(payloadPath: path, modelPaths: Self.watched(models.paths, package: models.package)),
            loadPayload: { Self.reload(path, options: parseOptions) },
            loadModels: { setup in
                var copy = setup; copy.reloadModels(); return copy
            },
            frameLog: FrameLog.fromEnvironment(),
            inferredModelsFolder: path == "-" ? nil : URL(fileURLWithPath: path).deletingLastPathComponent().path
        )
        services.clipboardCommand = ClipboardCommand.detect()
        if tree.isPrefix { services.readWholePayload = { Self.reload(path, options: parseOptions, restOfPrefix: true) } }
        // The tour: from a scenario's payload, `S` picks another, from the private copy.
        if request.scenario == nil, scenario != nil, let tour {
            state.scenarios = SamplePayloads.scenarios(in: tour)
        }
        let decodesAtStart = !models.paths.isEmpty && typeExpression != nil
        let readsModels: [Action] = models.paths.isEmpty ? [] : [.reload(payload: false, models: true)]
        return ExplorerLaunch(
            state: state, services: services,
            initialActions: state.openingActions + readsModels + (decodesAtStart ? [.redecode] : []))
    }

    /// The files whose save decodes again: the models, and for a package target every source of the
    /// package (a save in a target it depends on changes the build as much).
    public static func watched(_ modelPaths: [String], package: PackageTarget?) -> [String] {
        guard let package else { return modelPaths }
        return [package.directory + "/Sources"] + modelPaths.filter { !$0.hasPrefix(package.directory + "/Sources/") }
    }

    /// Reads and parses the payload again after it changed on disk; or (`restOfPrefix`) the whole of a
    /// payload the explorer opened on its prefix, which, as at the start, gives what was read before a
    /// structural error, with the error.
    public static func reload(
        _ path: String, options: JSONTree.Options, restOfPrefix: Bool = false
    ) -> Result<ReloadedPayload, ReloadFailure> {
        let bytes: [UInt8]
        do { bytes = try PayloadInput.read(path) } catch {
            return .failure(ReloadFailure((restOfPrefix ? "could not read the rest of the payload: " : "") + error.description))
        }
        do {
            let tree = try restOfPrefix ? JSONTree.parseReadablePart(bytes, options: options) : JSONTree.parse(bytes, options: options)
            return .success(ReloadedPayload(tree: tree, byteCount: bytes.count))
        } catch {
            let location = error.location
            return .failure(
                ReloadFailure(
                    "\(PayloadInput.displayName(path)):\(location.line):\(location.column): the \(restOfPrefix ? "" : "saved ")payload is not JSON: \(error.message)"
                ))
        }
    }
}

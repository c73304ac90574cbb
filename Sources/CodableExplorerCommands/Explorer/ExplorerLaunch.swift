import ArgumentParser
import CommandRuns
import DecodingEngine
import ExplorerUI
import Foundation
import JSONTree
import Teaching

/// Everything the explorer starts with, from the command line (or the scenario beside the
/// payload): the parsed payload, the model setup, the services that decode and reload.
struct ExplorerLaunch {
    var state: ExplorerState
    var services: ExplorerServices
    var initialActions: [Action]

    /// `wholeByteCount`: `bytes` are only the start of the payload, which is that long (a large
    /// file opens on its prefix's tree, and the rest is read once the screen is up).
    static func prepare(
        _ command: Explore, payloadPath path: String, bytes: [UInt8], wholeByteCount: Int? = nil, tour: URL? = nil
    ) throws -> ExplorerLaunch {
        var bytes = bytes
        var options: DecodeOptions
        do { options = try command.strategies.decodeOptions() } catch {
            PayloadInput.complain(.strategy(error.message))
            throw ExitCode(2)
        }
        options.allErrors = command.allErrors
        var models: ModelSet
        do { models = try command.packageOptions.modelSet(command.models, engine: command.engine) } catch {
            PayloadInput.complain(error)
            throw ExitCode(2)
        }
        var typeExpression = command.type
        var keyPath = command.path
        // Only a scenario the user named, or one of the tool's own samples, brings its models.
        let trusted = [tour, SamplePayloads.folder()].compactMap { $0 }
        let scenario: Scenario?
        if let named = command.scenario {
            do { scenario = try Scenario.load(named) } catch {
                PayloadInput.complain(.scenario(error))
                throw ExitCode(2)
            }
        } else {
            scenario = Scenario.beside(payload: path, trusted: trusted)
        }
        if models.paths.isEmpty, let scenario {
            models.paths = [scenario.modelPath]
            typeExpression = typeExpression ?? scenario.type
            keyPath = keyPath ?? scenario.path
            models.decoderExpression = models.decoderExpression ?? scenario.decoder
            var flags = command.strategies
            if let keys = scenario.options?.keyStrategy { flags.keyStrategy = keys }
            if let dates = scenario.options?.dateStrategy { flags.dateStrategy = dates }
            if let scenarioOptions = try? flags.decodeOptions() {
                options = scenarioOptions
                options.allErrors = command.allErrors
            }
        }
        for model in models.paths where !FileManager.default.fileExists(atPath: model) {
            PayloadInput.complain(.noSuchModel(model))
            throw ExitCode(2)
        }
        // A .json5 file is read as JSON5, as `allowsJSON5 = true` would (the decode uses it too).
        if PayloadKind(path: path) == .json5 { options.allowsJSON5 = true }
        let lines: JSONTree.JSONLinesMode = command.jsonLines || PayloadKind(path: path) == .jsonLines ? .on : .auto
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
                throw ExitCode(1)
            }
        }
        var root: NodeID?
        if let keyPath, !keyPath.isEmpty {
            let parsed: NodePath
            do { parsed = try NodePath(parsing: keyPath) } catch {
                PayloadInput.complain(.pathSyntax(error))
                throw ExitCode(2)
            }
            switch parsed.resolve(in: tree) {
            case .success(let node): root = node
            case .failure(let error):
                PayloadInput.complain(.pathNotInPayload(parsed, error))
                throw ExitCode(2)
            }
        }
        // The models are read off the input loop once the screen is up (a hostile model must not
        // keep the explorer from opening); a decode asked for here runs in the worker meanwhile.
        // The app's decoder is refused with strategy flags or schema mode, as `check` refuses it.
        if let refusal = command.engine.refusal(decoder: models.decoderExpression, strategies: command.strategies) {
            PayloadInput.complain(refusal)
            throw ExitCode(2)
        }
        let setup = DecodeSetup(models: models, typeExpression: typeExpression, options: options)
        var state = ExplorerState(tree: tree, fileName: PayloadInput.displayName(path), decode: DecodeSession(setup: setup, root: root))
        if let root { state.perform(.reveal(root)) }

        let workerPayload = path == "-" ? try PayloadInput.temporaryCopyOrExit(bytes) : path
        var services = ExplorerServices(
            decoder: WorkerDecodeService(payloadPath: workerPayload),
            watcher: command.noWatch || path == "-"
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
        if command.scenario == nil, scenario != nil, let tour {
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
    static func watched(_ modelPaths: [String], package: PackageTarget?) -> [String] {
        guard let package else { return modelPaths }
        return [package.directory + "/Sources"] + modelPaths.filter { !$0.hasPrefix(package.directory + "/Sources/") }
    }

    /// Reads and parses the payload again after it changed on disk; or (`restOfPrefix`) the whole of a
    /// payload the explorer opened on its prefix, which, as at the start, gives what was read before a
    /// structural error, with the error.
    static func reload(_ path: String, options: JSONTree.Options, restOfPrefix: Bool = false) -> Result<ReloadedPayload, ReloadFailure> {
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

import DecodingEngine
import Foundation
import ModelSchema

/// What a worker serving a session (``DecodeSession``) keeps from one job to the next: the model
/// files as read, and the schema of the files each type's decode needs, so that a capture of 2,000
/// entries reads and parses its model files once per type, not 2,000 times, and in compiled mode
/// starts one runner, not 2,000. A file saved during a
/// session is seen by the next session.
final class ModelMemory {
    /// The compiled runner kept for the session's jobs (``KeptRunner``): started by the first
    /// compiled decode, ended with the session.
    let keptRunner = KeptRunner()
    /// The runner cache's folder, read from the environment once.
    lazy var cacheFolder = CompiledDecoder.defaultCacheFolder()
    /// The runner found for each set of models and types (their files are read once a session).
    private var runners: [RunnerKey: URL] = [:]
    private var paths: [String]?
    /// Whether a job of this session read model files already (the next finds them here, most likely).
    var hasReadModels: Bool { paths != nil }
    private var sources: [ModelSource] = []
    private var schemas: [Key: (Schema, SourceSelection?)] = [:]
    /// The hint of the command line this worker serves (``RunnerHint``), and the runner it named.
    private var hint: RunnerHint?
    private var hinted: URL?

    private struct RunnerKey: Hashable {
        var models: ModelSet
        var types: [String]
    }

    /// The package target enclosing the model paths (``PackageTarget/enclosing(_:)``), looked up
    /// once a session: it walks up their folders.
    private var enclosing: (paths: [String], target: PackageTarget?)?

    func enclosingPackage(_ paths: [String]) -> PackageTarget? {
        if let enclosing, enclosing.paths == paths { return enclosing.target }
        let target = PackageTarget.enclosing(paths)
        enclosing = (paths, target)
        return target
    }

    /// The runner a job of this session found for these models and types, if one did.
    func runner(for models: ModelSet, types: [String]) -> URL? {
        runners[RunnerKey(models: models, types: types)]
    }

    func remember(_ runner: URL, for models: ModelSet, types: [String]) {
        runners[RunnerKey(models: models, types: types)] = runner
        // The first runner a session finds is the one its command line's next session starts early.
        if let hint, hinted != runner {
            hint.remember(runner, in: cacheFolder)
            hinted = runner
        }
    }

    /// Starts the runner the hint's command line used last, if the cache remembers one, before any
    /// job has come (``KeptRunner/prestart(_:)``); the first runner the session finds is remembered for it.
    func prestart(for hint: RunnerHint) {
        self.hint = hint
        hinted = hint.runner(in: cacheFolder)
        if let hinted { keptRunner.prestart(hinted) }
    }

    private struct Key: Hashable {
        var typeExpressions: [String]
        var decoderExpression: String?
        var selects: Bool
    }

    /// The schema of the model at `paths` for a decode of these types (a session's, that one runner is
    /// built for): of the files it needs when `selects` (an
    /// app's folder, ``Schema/selecting(from:typeExpressions:decoderExpression:)``), else of them all.
    func schema(
        _ paths: [String], typeExpressions: [String], decoderExpression: String?, selects: Bool
    ) throws(SchemaLoadError) -> (Schema, SourceSelection?) {
        if paths != self.paths {
            sources = try Schema.read(paths: paths)
            self.paths = paths
            schemas = [:]
        }
        let key = Key(typeExpressions: typeExpressions, decoderExpression: decoderExpression, selects: selects)
        if let known = schemas[key] { return known }
        let made: (Schema, SourceSelection?)
        if selects {
            let selected = Schema.selecting(from: sources, typeExpressions: typeExpressions, decoderExpression: decoderExpression)
            made = (selected.schema, selected.selection)
        } else {
            made = (Schema(sources: sources), nil)
        }
        schemas[key] = made
        return made
    }
}

import CodableExplorerRunner
import Foundation
import JSONTree
import ModelSchema

/// Decodes with the user's own compiled model code: their files and a generated runner built by their
/// `swiftc`, run in a child process, with Foundation's `JSONDecoder`. What the schema engine cannot
/// interpret exactly (a hand-written `init(from:)`, property wrappers, container overloads, the app's own
/// configured decoder) is decided here by the code itself.
///
/// It reports the error `JSONDecoder` throws (first-error mode), located on its node by its coding path,
/// and the decoded value; traced (``decode(_:payloadPath:tree:at:options:wantsValue:traces:)``), also the
/// keys the model's code read, ignored and lacked, from the runner's forwarding decoder.
public struct CompiledDecoder: Sendable {
    public enum Failure: Error, Sendable, Hashable {
        /// No `swiftc` on this machine; the reason names what needed it.
        case compilerNotFound
        /// swiftc rejected the model files: its own diagnostics.
        case doesNotCompile([SourceDiagnostic])
        /// A model file imports a module this tool cannot build: `file:line`, the module.
        case unsupportedImport(ModelLocation, module: String)
        /// The type or decoder expression does not compile against the models.
        case badExpression(String)
        case compilerFailed(String)
        case cacheUnwritable(String, String)
        /// The cache folder cannot be trusted (another user's, or not a folder).
        case cacheUnsafe(String)
        /// `install` could not put the runner library beside the binary: where, and why.
        case notShelved(String, String)
        /// The runner died of a signal: the user's code or Foundation trapped, as the app would;
        /// `trap` is the runtime's own words when it printed them (`Fatal error: …` and where).
        case crashed(signal: Int32, trap: String?)
        /// The runner was ended by a signal a fault does not raise (SIGKILL, SIGTERM) that the tool did
        /// not send: from outside, or by the out-of-memory killer (`outOfMemory`, when the system counts it).
        case killed(signal: Int32, outOfMemory: Bool)
        /// The runner exited before it answered (the model's code, or something it calls, ended the
        /// process: `exit()`), with this status; an app decoding the payload would end too.
        case exited(status: Int32)
        case runnerFailed(String)
        /// The decode ran past its time limit and was ended; `place` is where the model's code was,
        /// from the trace's last container call, when a traced run could say.
        case timedOut(seconds: Double, place: StoppedPlace?)
        /// The package's dependencies are not resolved (the build is offline): its folder.
        case packageUnresolved(String)
        /// SwiftPM could not describe or build the package target, in its own words.
        case packageProblem(PackageTarget, String)
        /// `--module-name` is not a name the runner can compile the models as.
        case badModuleName(String)
        /// An `--spi` name that is not a Swift identifier.
        case badSPIName(String)
        /// The type expression names a type of the package declared behind an SPI the runner does
        /// not import: the type as written, the SPI, the module declaring it.
        case behindSPI(type: String, spi: String, module: String)
    }

    public var models: [ModelSource]
    /// The type expressions the runner can decode (one compile for all of them).
    public var typeExpressions: [String]
    /// A Swift expression yielding the app's configured `JSONDecoder` (`makeDecoder()`); nil: from options.
    public var decoderExpression: String?
    /// The package target the models are, built by SwiftPM and linked against; nil: loose model files,
    /// compiled with the runner's `main` as one module.
    public var package: PackageTarget?
    /// A package target's sources as a fix edits them (its own paths, edited text): compiled in place
    /// of the target's own build, against its dependencies as SwiftPM built them.
    public var packageOverlay: [ModelSource]?
    /// Loose model files' module (`--module-name`): the app's, so what its code throws prints as the
    /// app prints it; nil: `Models`. (A package target's module is the target's.)
    public var moduleName: String?
    /// The app's build settings that change what its code means (an Xcode target's): given to
    /// swiftc with the loose model files, and part of the runner's key.
    public var settings = SwiftCompilerSettings()
    /// The package target's SPIs the runner imports (``ModelSet/spis``).
    public var spis: [String] = []
    var cache: RunnerCache
    /// How long a decode may run before it is stopped (nil: ``TimeLimit/standard(payloadBytes:)``).
    public var timeLimit: Double?
    /// A session's runner, kept for job after job (nil: a runner started for each decode). An
    /// all-errors batch still starts runners of its own.
    public var keptRunner: KeptRunner?
    /// The runner, once ``prepare(willCompile:)`` has found or built it: the decodes after that
    /// (and a session's later jobs of the same models and types) do not look in the cache again.
    public var prepared: URL?

    /// The runner cache's folder for this process's environment (a session reads it once: the
    /// environment made into a dictionary for each entry was a fifteenth of a worker's time).
    public static func defaultCacheFolder() -> URL { RunnerCache.defaultFolder() }

    public init(models: [ModelSource], typeExpressions: [String], decoderExpression: String? = nil, cacheFolder: URL? = nil) {
        self.models = models
        self.typeExpressions = typeExpressions
        self.decoderExpression = decoderExpression
        cache = RunnerCache(folder: cacheFolder ?? RunnerCache.defaultFolder())
    }

    /// Builds the runner, or finds it in the cache; `compiled` is true when swiftc ran, and
    /// `willCompile` was called just before it started (told whether the runner library is built
    /// first); `rebuiltBecause` says why a cached runner was not trusted.
    public func prepare(
        willCompile: (_ buildsLibrary: Bool) -> Void = { _ in }
    ) throws(Failure) -> (executable: URL, compiled: Bool, rebuiltBecause: String?) {
        if let prepared { return (prepared, false, nil) }
        if package == nil, let (at, module) = Self.unsupportedImport(in: models) { throw .unsupportedImport(at, module: module) }
        if let moduleName, !Self.isModuleName(moduleName) { throw .badModuleName(moduleName) }
        if let spi = spis.first(where: { !Self.isIdentifier($0) }) { throw .badSPIName(spi) }
        guard let compiler = SwiftCompiler.find(cache: cache.folder) else { throw .compilerNotFound }
        if let package {
            let target = try PackageBuild(target: package, compiler: compiler, cacheFolder: cache.folder).build()
            let built = try cache.runner(
                compiler: compiler, package: target, overlay: packageOverlay, typeExpressions: typeExpressions,
                decoderExpression: decoderExpression, spis: spis, willCompile: willCompile)
            Self.kept(built, in: cache.folder)
            return (built.executable, built.compiled, built.rebuiltBecause)
        }
        let built = try cache.runner(
            compiler: compiler, models: models, typeExpressions: typeExpressions,
            decoderExpression: decoderExpression, moduleName: moduleName ?? RunnerCache.defaultModuleName, settings: settings,
            willCompile: willCompile)
        // A build leaves its incremental folder behind: the oldest beyond a few go.
        if built.compiled { IncrementalFolders.prune(cache: cache.folder) }
        Self.kept(built, in: cache.folder)
        return (built.executable, built.compiled, built.rebuiltBecause)
    }

    /// The runner marked as used; after a build, the least recently used runners beyond a bound go.
    private static func kept(_ built: RunnerCache.Built, in folder: URL) {
        CachedRunners.used(built.executable)
        if built.compiled { CachedRunners.prune(in: folder) }
    }

    /// The Swift sources of a package target (its folder and files), from SwiftPM's description of
    /// the package: what schema reading, stepping and fixes see of it.
    public static func sources(of target: PackageTarget, cacheFolder: URL? = nil) throws(Failure) -> (folder: String, files: [String]) {
        let cache = cacheFolder ?? RunnerCache.defaultFolder()
        guard let compiler = SwiftCompiler.find(cache: cache) else { throw .compilerNotFound }
        return try PackageBuild(target: target, compiler: compiler, cacheFolder: cache).sources()
    }

    /// A name swiftc takes for `-module-name` that leaves the runner's own modules alone.
    static func isModuleName(_ name: String) -> Bool {
        isIdentifier(name)
            && !["Swift", "Foundation", "FoundationEssentials", RunnerLibrary.moduleName, RunnerMain.packageModuleName].contains(name)
    }

    /// An ASCII Swift identifier: letters, digits and `_`, not starting with a digit.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_"))
        return name.unicodeScalars.allSatisfy { $0.isASCII && allowed.contains($0) }
    }

    /// The first `import` of a module the runner cannot build with (`import Alamofire`), with its place.
    static func unsupportedImport(in models: [ModelSource]) -> (ModelLocation, String)? {
        BuildableModules.firstUnbuildableImport(in: models)
    }

    /// Decodes one of the type expressions from the payload file at `node` (the root when nil) and
    /// locates the error on `tree`. With `traces`, the model's container calls go through the runner's
    /// tracing decoder (which never changes Foundation's answer) and give the report the keys read,
    /// ignored and missing.
    public func decode(
        _ typeExpression: String, payloadPath: String, tree: JSONTree?, at node: NodeID? = nil,
        options: DecodeOptions, wantsValue: Bool = true, traces: Bool = false
    ) throws(Failure) -> DecodeReport {
        try decode(
            typeExpression, payloadPath: payloadPath, tree: tree, at: node, options: options, wantsValue: wantsValue,
            traces: traces, valueAsJSON: false
        ).report
    }

    /// ``decode(_:payloadPath:tree:at:options:wantsValue:traces:)`` for `check --format json`: the value comes
    /// back as check-output.md's `value` text, written by the runner (no `DecodedValue` is built); nil when
    /// the decode failed.
    public func decodeWithValueJSON(
        _ typeExpression: String, payloadPath: String, tree: JSONTree?, at node: NodeID? = nil,
        options: DecodeOptions, traces: Bool = false
    ) throws(Failure) -> (report: DecodeReport, valueJSON: ValueJSON?) {
        try decode(
            typeExpression, payloadPath: payloadPath, tree: tree, at: node, options: options, wantsValue: true, traces: traces,
            valueAsJSON: true)
    }

    private func decode(
        _ typeExpression: String, payloadPath: String, tree: JSONTree?, at node: NodeID?, options: DecodeOptions,
        wantsValue: Bool, traces: Bool, valueAsJSON: Bool
    ) throws(Failure) -> (report: DecodeReport, valueJSON: ValueJSON?) {
        guard let type = typeExpressions.firstIndex(of: typeExpression) else {
            throw .badExpression("\(typeExpression) is not one of the runner's types")
        }
        let path = tree.flatMap { tree in node.map { CodingPathResolver.components(to: $0, in: tree) } } ?? []
        let job = RunnerJob(
            type: type, payload: payloadPath, steps: Self.steps(path), options: RunnerOptions(options), wantsValue: wantsValue,
            trace: traces, valueAsJSON: valueAsJSON)
        let run = try run(job, tree: tree, keys: options.keys)
        var report = DecodeReport(errors: [], value: run.reply.value)
        report.modelOutput = run.output.isEmpty ? nil : run.output
        // The app's decoder may convert keys (`--decoder`): its coding paths are located with its strategy.
        let keys = run.reply.keys ?? options.keys
        if keys != options.keys { report.decoderKeys = keys }
        if let failure = run.reply.error { report.errors = [locate(failure, in: tree, keys: keys)] }
        report.caught = (run.reply.caught ?? []).map { caught in
            var error = locate(caught.error, in: tree, keys: keys)
            if let at = caught.at, let tree {
                // A number that does not fit: Foundation says the root; the value is the call's.
                var resolver = CodingPathResolver(tree: tree, keys: keys)
                let node = resolver.resolve(at.map(CompiledTrace.component), from: tree.root).node
                error.node = node
                error.location = tree.location(node)
                error.reason = .numberDoesNotFit
            }
            return CaughtError(caught, located: error, tree: tree, keys: keys)
        }
        if let calls = run.reply.trace, let tree {
            CompiledTrace(calls: calls).apply(to: &report, tree: tree, keys: keys, keepsCalls: options.tracesCalls)
        }
        return (report, run.valueJSON.map(ValueJSON.init(segments:)))
    }

    /// Decodes one of the type expressions at each of `nodes` on its own (all-errors mode: every element
    /// of an array or dictionary), each error located on `tree`; nil for a node that decodes. An element
    /// whose decode runs past the time limit or traps is an error of its own (``LocatedDecodingError/Reason/elementTimedOut``,
    /// ``LocatedDecodingError/Reason/elementCrashed``) on its node, and the elements after it are still decoded.
    public func decodeEach(
        _ typeExpression: String, payloadPath: String, tree: JSONTree, at nodes: [NodeID],
        options: DecodeOptions
    ) throws(Failure) -> [LocatedDecodingError?] {
        guard let type = typeExpressions.firstIndex(of: typeExpression) else {
            throw .badExpression("\(typeExpression) is not one of the runner's types")
        }
        guard !nodes.isEmpty else { return [] }
        let paths = nodes.map { Self.steps(CodingPathResolver.components(to: $0, in: tree)) }
        let outcomes = try runBatch(RunnerJob(type: type, payload: payloadPath, options: RunnerOptions(options)), paths: paths)
        return zip(nodes, outcomes).map { node, outcome in
            var error: LocatedDecodingError
            switch outcome {
            case .decoded: return nil
            case .failed(let failure, let keys):
                error = locate(failure, in: tree, keys: keys ?? options.keys)
                // An error the model's own code threw has no coding path: it is about the element.
                guard failure.kind == .other else { return error }
            case .stopped(let stop):
                error = LocatedDecodingError(
                    kind: .other, codingPath: CodingPathResolver.components(to: node, in: tree), debugDescription: stop.description)
                error.reason = stop.reason
            }
            error.node = node
            error.location = tree.location(node)
            return error
        }
    }

    /// Screens the `count` bodies of a file laid out as ``ScreenFile`` says (a capture's entries):
    /// each decoded as `typeExpression` at `path` (keys and indices; the same for every body),
    /// plainly, by the runner in one job, and answered by a ``ScreenVerdict`` each. A runner that
    /// does not answer them all (a body trapped it, or they ran past the time limit) throws: each
    /// body is then checked alone.
    public func screen(
        _ typeExpression: String, bodiesPath: String, count: Int, at path: [PathComponent], options: DecodeOptions
    ) throws(Failure) -> [ScreenVerdict] {
        guard let type = typeExpressions.firstIndex(of: typeExpression) else {
            throw .badExpression("\(typeExpression) is not one of the runner's types")
        }
        let executable = try prepare().executable
        let limit = timeLimit ?? TimeLimit.standard(payloadBytes: Self.size(of: bodiesPath))
        var job = RunnerJob(type: type, payload: bodiesPath, steps: Self.steps(path), options: RunnerOptions(options))
        job.screen = count
        let (collected, nonce) = try start(executable, job, limit: limit)
        if collected.timedOut { throw .timedOut(seconds: limit, place: nil) }
        let verdicts = try Self.interpret(collected, nonce: nonce).reply.screened?.verdicts ?? []
        guard verdicts.count == count else { throw .runnerFailed("\(verdicts.count) verdicts for \(count) bodies") }
        return verdicts
    }

    /// How one element of a batch ended.
    enum ElementOutcome {
        case decoded
        /// With the key strategy of the decoder that threw it (``RunnerReply/keys``).
        case failed(RunnerReply.Failure, keys: RunnerOptions.Keys?)
        /// It never answered: it ran past the time limit, or the runner died of a signal while on it.
        case stopped(ElementStop)
    }

    /// Runs `job` at each of `paths`, one answer each, in as few runners as the elements allow: a
    /// runner stopped by an element (past the time limit, or a trap) is followed by a new one from the
    /// element after it.
    func runBatch(_ job: RunnerJob, paths: [[RunnerJob.Step]]) throws(Failure) -> [ElementOutcome] {
        let executable = try prepare().executable
        let limit = timeLimit ?? TimeLimit.standard(payloadBytes: Self.size(of: job.payload))
        var outcomes: [ElementOutcome] = []
        while outcomes.count < paths.count {
            var part = job
            part.batch = Array(paths[outcomes.count...])
            let (collected, nonce) = try start(executable, part, limit: limit)
            let answers = collected.frames.filter { $0.kind == RunnerChannel.Kind.batchItem.rawValue }.compactMap { frame in
                try? FrameDecoder().decode(RunnerReply.self, from: frame.body)
            }.filter { $0.nonce == nonce }
            outcomes += answers.prefix(paths.count - outcomes.count).map { answer in
                answer.error.map { .failed($0, keys: answer.keys) } ?? .decoded
            }
            guard outcomes.count < paths.count else { break }
            if collected.timedOut {
                outcomes.append(.stopped(.timedOut(seconds: limit)))
            } else if case .signalled(let signal) = collected.termination, Self.isFault(signal) {
                outcomes.append(.stopped(.crashed(signal: signal, trap: Self.trap(in: collected.output.standardError.text))))
            } else {
                _ = try Self.interpret(collected, nonce: nonce)
                throw .runnerFailed("\(answers.count) answers for \(paths.count - outcomes.count + answers.count) elements")
            }
        }
        return outcomes
    }

    static func steps(_ path: [PathComponent]) -> [RunnerJob.Step] {
        path.map { component -> RunnerJob.Step in
            switch component {
            case .index(let i): RunnerJob.Step(index: i)
            case .key(let k): RunnerJob.Step(key: k, convertedKey: SnakeCase.convert(k))
            }
        }
    }

    /// The Swift runtime's message for a trap, from a crashed runner's stderr:
    /// `/cache/…/Models.swift:14: Fatal error: Unexpectedly found nil…` reads
    /// `Fatal error: Unexpectedly found nil… (Models.swift:14)`.
    static func trap(in stderr: String) -> String? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.contains("Fatal error:") }),
            let marker = line.range(of: "Fatal error:")
        else { return nil }
        let message = String(line[marker.lowerBound...]).trimmingCharacters(in: .whitespaces)
        let place = line[..<marker.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
        let file = place.split(separator: "/").last.map(String.init) ?? ""
        return String((file.isEmpty ? message : "\(message) (\(file))").prefix(300))
    }

    /// What one run of the runner gave.
    struct Run {
        var reply: RunnerReply
        /// The value's JSON text, when the job asked for it so: the runner's parts, in order.
        var valueJSON: [[UInt8]]?
        /// What the model's code printed.
        var output: ModelOutput
    }

    /// Runs the runner on one job, supervised (``SupervisedProcess``): the job and the reply cross on
    /// the runner's own channel, its standard output and error are kept (bounded) as the model's
    /// output, and it is ended if it runs past ``timeLimit``. A decode that ran too long is run
    /// again traced, for a moment, to say where the model's code was.
    func run(_ job: RunnerJob, tree: JSONTree? = nil, keys: DecodeOptions.KeyStrategy = .useDefaultKeys) throws(Failure) -> Run {
        let executable = try prepare().executable
        let limit = timeLimit ?? TimeLimit.standard(payloadBytes: Self.size(of: job.payload))
        var job = job
        if job.trace && job.batch == nil { job.timeLimit = limit }
        let run = try runOnce(executable, job, limit: limit, tree: tree, keys: keys)
        if let stopped = run.reply.stopped {
            throw .timedOut(seconds: limit, place: StoppedPlace(stopped.calls, tree: tree, keys: keys))
        }
        return run
    }

    /// The seconds a traced run looking for where a decode that ran too long was is given.
    static let locatingLimit = 5.0

    /// Starts the runner on `job` with a new nonce, and collects everything it said until it ended.
    /// It leads a process group of its own, so what its code starts ends with it (``SupervisedProcess/collect(timeLimit:keeping:)``).
    private func start(_ executable: URL, _ job: RunnerJob, limit: Double) throws(Failure) -> (SupervisedProcess.Collected, String) {
        var job = job
        let nonce = RunnerChannel.makeNonce()
        job.nonce = nonce
        if let kept = keptRunner, job.batch == nil {
            // A session's runner serves this job after the previous one's (``KeptRunner``), which
            // counts the out-of-memory kills from its start, read again only when it is killed.
            return try kept.collect(executable, job, limit: limit)
        }
        let killsBefore = OutOfMemoryKills.count()
        let frame: Frame
        do { frame = try RunnerChannel.frame(.job, job) } catch { throw .runnerFailed(String(describing: error)) }
        let process = try Self.spawn(executable)
        let channel = process.takeChannelIn()
        // Written beside the reading: a large batch does not fit in the pipe.
        DispatchQueue.global().async {
            frame.write(to: channel)
            close(channel)
        }
        // A traced run stops itself at the limit and says where it was; the parent ends it a moment later.
        var collected = process.collect(timeLimit: job.timeLimit == nil ? limit : limit + 2)
        collected.outOfMemory = OutOfMemoryKills.more(than: killsBefore)
        return (collected, nonce)
    }

    /// Starts the runner at `executable`, its channel open, leading a group of its own. Spawned through
    /// the descriptor its check opened: what runs is what was checked.
    static func spawn(_ executable: URL) throws(Failure) -> SupervisedProcess {
        let checked: CheckedExecutable
        do { checked = try CheckedExecutable(executable) } catch { throw .cacheUnsafe(error.description) }
        defer { checked.close() }
        var setup = SupervisedProcess.Setup(opensRunnerChannel: true, leadsGroup: true)
        setup.name = executable.path
        // The runtime in the shared base looks for its crash reporter beside the base: named here, a
        // crash is reported as a runner linked to the toolchain's libraries reports it.
        if let backtracer = checked.links?.backtracer, getenv("SWIFT_BACKTRACE") == nil {
            setup.environment["SWIFT_BACKTRACE"] = "swift-backtrace=\(backtracer)"
        }
        do { return try SupervisedProcess(checked.spawnPath, [], setup) } catch { throw .runnerFailed(error.description) }
    }

    private func runOnce(
        _ executable: URL, _ job: RunnerJob, limit: Double, tree: JSONTree?, keys: DecodeOptions.KeyStrategy
    ) throws(Failure) -> Run {
        let (collected, nonce) = try start(executable, job, limit: limit)
        if collected.timedOut {
            guard !job.trace else { throw .timedOut(seconds: limit, place: nil) }
            // Where was it? The same decode traced, for a moment, stops itself and says.
            var traced = job
            traced.trace = true
            traced.wantsValue = false
            traced.valueAsJSON = false
            traced.timeLimit = min(limit, Self.locatingLimit)
            let again = try? runOnce(executable, traced, limit: min(limit, Self.locatingLimit), tree: tree, keys: keys)
            throw .timedOut(seconds: limit, place: again?.reply.stopped.flatMap { StoppedPlace($0.calls, tree: tree, keys: keys) })
        }
        return try Self.interpret(collected, nonce: nonce)
    }

    /// What a run of the runner that ended in time answered: its reply, read from its channel only
    /// (what it printed is its output, never a verdict). A channel whose bytes are not one whole
    /// reply (random bytes, a frame cut short, a reply that does not decode) is a failure, never a verdict.
    static func interpret(_ collected: SupervisedProcess.Collected, nonce: String?) throws(Failure) -> Run {
        let output = collected.output
        if case .signalled(let signal) = collected.termination {
            guard Self.isFault(signal) else { throw .killed(signal: signal, outOfMemory: collected.outOfMemory == true) }
            throw .crashed(signal: signal, trap: Self.trap(in: output.standardError.text))
        }
        if let problem = collected.channelProblem {
            throw .runnerFailed("its channel broke: \(problem)\(Self.exitText(collected.termination))")
        }
        // The runner's own reply is its last frame and carries the run's nonce; a reply without it was
        // written by the model's code, and is no verdict.
        guard let replyFrame = collected.frames.last, replyFrame.kind == RunnerChannel.Kind.reply.rawValue else {
            if case .exited(let status) = collected.termination { throw .exited(status: status) }
            throw .runnerFailed("it ended without a reply\(Self.exitText(collected.termination)); the model's code may have called exit()")
        }
        var reply: RunnerReply
        do { reply = try FrameDecoder().decode(RunnerReply.self, from: replyFrame.body) } catch {
            throw .runnerFailed("its reply is unreadable: \(error)")
        }
        guard reply.nonce == nonce else {
            throw .runnerFailed("its channel carried a reply the runner did not write: the model's code wrote to the runner's channel")
        }
        if let problem = reply.problem { throw .runnerFailed(problem) }
        if let trace = collected.frames.dropLast().last(where: { $0.kind == RunnerChannel.Kind.trace.rawValue }) {
            guard let calls = TraceBytes.decode(trace.body) else { throw .runnerFailed("its trace is unreadable") }
            reply.trace = calls
        }
        let parts = collected.frames.dropLast().filter { $0.kind == RunnerChannel.Kind.valueJSON.rawValue }.map(\.body)
        return Run(reply: reply, valueJSON: parts.isEmpty ? nil : parts, output: output)
    }

    /// Whether a signal is one a fault in the process raises itself (a trap, an abort, a bad access),
    /// as opposed to one sent to it from outside.
    public static func isFault(_ signal: Int32) -> Bool {
        [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS].contains(signal)
    }

    private static func exitText(_ termination: SupervisedProcess.Termination) -> String {
        switch termination {
        case .exited(let status): " (exit status \(status))"
        case .signalled(let signal): " (signal \(signal))"
        }
    }

    private static func size(of path: String) -> Int {
        // `stat`, not `attributesOfItem`: that looks up the owner's and group's names (/etc/passwd
        // and /etc/group read for each entry of a capture).
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Foundation's error with the node its coding path leads to (for keyNotFound, the object lacking the key).
    func locate(_ failure: RunnerReply.Failure, in tree: JSONTree?, keys: DecodeOptions.KeyStrategy) -> LocatedDecodingError {
        let path = failure.codingPath.map(CompiledTrace.component)
        var error = LocatedDecodingError(
            kind: LocatedDecodingError.Kind(failure.kind), codingPath: path,
            debugDescription: failure.debugDescription, expectedType: failure.expectedType, key: failure.key)
        if failure.kind == .other {
            error.errorType = failure.errorType
        }
        guard let tree else { return error }
        // A `.custom` key strategy's path comes back in the payload's keys as well (``PayloadSpelling``).
        var resolver = CodingPathResolver(tree: tree, keys: failure.payloadPath == nil ? keys : .useDefaultKeys)
        let node = resolver.resolve(failure.payloadPath.map { $0.map(CompiledTrace.component) } ?? path, from: tree.root).node
        error.node = node
        error.location = tree.location(node)
        return error
    }
}

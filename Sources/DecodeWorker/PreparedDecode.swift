import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// A ``DecodeJob`` made ready in the worker, once: the payload read and scanned, the model
/// parsed, the way to decode chosen (``DecodeWay``), the type resolved, the path settled to a
/// node. Everything after (the decode, the explanations, every verification decode) reads this.
struct PreparedDecode {
    /// Who decides: the schema engine, or the model's own code compiled with swiftc.
    enum Engine {
        case schema(DecodingEngine, TypeRef)
        case compiled(CompiledDecoder)
        /// All-errors mode on a compiled type: each element of an array or dictionary on its own, any
        /// other root decoded again with each earlier fault set aside.
        case compiledAllErrors(CompiledAllErrors)
    }

    var job: DecodeJob
    var bytes: [UInt8]
    /// Nil when the payload is not JSON: the decode then reports where it stops (a verdict).
    var tree: JSONTree?
    var node: NodeID?
    var engine: Engine
    var facts: PreparedFacts
    /// The model as parsed (compiled mode reads the user's own `init(from:)` in it for fixes).
    var schema: Schema?
    /// The job's type expression as the schema resolved it, once; nil where it cannot (a type only
    /// the compiled model knows).
    var type: TypeRef?

    /// Reads and checks everything the job names. `readPayload` reads the payload file (the
    /// command line's reader, with its limits and messages). `progress` gets the replies sent
    /// while preparing (``WorkerReply/compiling(_:)``).
    static func prepare(
        _ job: DecodeJob, readPayload: @escaping @Sendable (String) throws -> [UInt8],
        progress: (WorkerReply) -> Void = { _ in }, models memory: ModelMemory? = nil
    ) throws(WorkerFailure) -> PreparedDecode {
        guard !job.models.paths.isEmpty else {
            throw .model("no model given: pass --model FILE or --model DIR, --package DIR --target NAME, or --project App.xcodeproj")
        }
        if job.models.mode == .schema, job.models.decoderExpression != nil {
            throw .model("--decoder runs the app's own decoder: it needs --mode auto or compiled")
        }
        // The payload is read and scanned beside the model's parse (DECISIONS.md, "`check` starts
        // its worker before it parses its arguments"); its failures still come after the model's.
        // A screening job's file holds many bodies, each read as the screen comes to it.
        let scan =
            job.screen != nil
            ? nil
            : PayloadScan(
                path: job.payloadPath, options: .init(json5: job.options.allowsJSON5, detectsDuplicateKeys: false),
                besideTheModel: memory?.hasReadModels != true, read: readPayload)
        // A model path in a package target (`Sources/NAME/…`) stands for the whole target: its folder
        // is what the schema reads. With --package, the command line gave the target's folder.
        var modelPaths = job.models.paths
        var package = job.models.package
        if package == nil,
            let enclosing = memory.map({ $0.enclosingPackage(job.models.paths) }) ?? PackageTarget.enclosing(job.models.paths)
        {
            package = enclosing
            modelPaths = [enclosing.conventionalFolder]
        }
        // Loose files (an app's folder) are narrowed to what this decode needs, once, here: the schema,
        // compiled mode and the fixes all read these files. A package target is built whole by SwiftPM.
        // A session keeps them from one job to the next (``ModelMemory``).
        let selection: SourceSelection?
        let schema: Schema
        do {
            (schema, selection) = try (memory ?? ModelMemory()).schema(
                modelPaths, typeExpressions: job.runnerTypes, decoderExpression: job.models.decoderExpression, selects: package == nil)
        } catch { throw .model(error.description) }
        let engine: Engine
        var facts: PreparedFacts
        let resolved = Result { () throws(TypeExpressionError) -> TypeRef in try schema.resolve(job.typeExpression) }
        if let reason = DecodeWay.compiledReason(job, schema: schema, type: resolved, package: package) {
            // A needed file imports SwiftUI on Linux, say: the schema engine reads it, a compile cannot.
            if let refusal = selection?.refusal { throw .model("\(refusal); this decode needs compiled mode (\(reason))") }
            var allErrors: CompiledAllErrors?
            if job.options.allErrors {
                allErrors = CompiledAllErrors(
                    models: schema.sources, typeExpression: job.typeExpression,
                    decoderExpression: job.models.decoderExpression)
            }
            var decoder =
                allErrors?.decoder
                ?? CompiledDecoder(
                    models: schema.sources, typeExpressions: job.runnerTypes,
                    decoderExpression: job.models.decoderExpression, cacheFolder: memory?.cacheFolder)
            decoder.timeLimit = job.timeLimit
            // A session's jobs share one runner, kept between them.
            decoder.keptRunner = job.sessionTypes == nil ? nil : memory?.keptRunner
            decoder.package = package
            let overlay = job.packageEdits.map { edits in
                schema.sources.map { source in edits[source.path].map { ModelSource(path: source.path, text: $0) } ?? source }
            }
            decoder.packageOverlay = overlay
            decoder.compile(as: job.models)
            allErrors?.decoder.compile(as: job.models)
            allErrors?.decoder.timeLimit = job.timeLimit
            allErrors?.decoder.keptRunner = decoder.keptRunner
            allErrors?.decoder.package = package
            allErrors?.decoder.packageOverlay = overlay
            var compileStarted: ContinuousClock.Instant?
            var rebuiltBecause: String?
            // A session's jobs of the same models and types share the runner found for the first.
            let remembered = job.sessionTypes != nil && job.packageEdits == nil && !job.options.allErrors
            decoder.prepared = remembered ? memory?.runner(for: job.models, types: job.runnerTypes) : nil
            do {
                let found = try decoder.prepare { buildsLibrary in
                    compileStarted = .now
                    progress(.compiling(CompileStart(files: schema.sources.count, buildsRunnerLibrary: buildsLibrary)))
                }
                rebuiltBecause = found.rebuiltBecause
                decoder.prepared = found.executable
                allErrors?.decoder.prepared = found.executable
                if remembered { memory?.remember(found.executable, for: job.models, types: job.runnerTypes) }
            } catch {
                switch error {
                case .compilerNotFound:
                    throw .model(
                        "\(reason): this needs compiled mode, and compiled mode needs swiftc, which was not found on PATH (set SWIFTC to its path)"
                    )
                case .doesNotCompile(let diagnostics): throw .doesNotCompile(diagnostics)
                default: throw .model(error.description)
                }
            }
            engine = allErrors.map(Engine.compiledAllErrors) ?? .compiled(decoder)
            let spelling = (try? resolved.get())?.swiftSpelling ?? job.typeExpression
            facts = PreparedFacts(typeSpelling: spelling, pathText: job.path.description, mode: .compiled, modeReason: reason)
            facts.rebuiltBecause = rebuiltBecause
            if let compileStarted {
                let took = ContinuousClock.now - compileStarted
                facts.compileSeconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
                progress(.compiled(seconds: facts.compileSeconds ?? 0))
            }
        } else {
            if let problem = schema.diagnostics.first(where: { $0.severity == .error }) {
                throw .model("the model does not compile: \(problem)")
            }
            let type: TypeRef
            do { type = try resolved.get() } catch { throw .model(error.description) }
            if let origin = job.models.settings.origin, let file = DecodeWay.conditionalFiles(from: type, in: schema).first {
                throw .model(
                    "--mode schema reads the first branch of each #if in \(file), but the build settings of \(origin) decide which branch the app compiles: use --mode auto or compiled"
                )
            }
            engine = .schema(DecodingEngine(schema: schema), type)
            facts = PreparedFacts(typeSpelling: type.swiftSpelling, pathText: job.path.description)
            facts.unseenCatch = DecodeWay.unseenCatch(from: type, in: schema)
        }
        facts.leftOut = selection?.leftOut
        var prepared = PreparedDecode(
            job: job, bytes: [], tree: nil, node: nil, engine: engine, facts: facts, schema: schema, type: try? resolved.get())
        guard let scan else { return prepared }
        let scanned = try scan.wait()
        prepared.bytes = scanned.bytes
        // An invalid payload is a verdict, reported by decoding; a path into a valid payload
        // that leads nowhere means the job cannot run.
        if let tree = scanned.tree {
            switch job.path.settle(in: tree) {
            case .success(let (node, settled)):
                prepared.tree = tree
                prepared.node = node
                prepared.facts.pathText = settled.description
            case .failure(let error):
                throw .pathNotInPayload(path: job.path.description, reason: error.message)
            }
        }
        return prepared
    }

    /// Foundation's verdict and, for `check --format json`, the value's JSON text: as the
    /// compiled runner wrote it, or as the schema engine rendered it (a split array's elements
    /// as its parts were decoded, handed to `elements` when it is given, and then not in the
    /// text: see ``DecodingEngine/decodeWithValueJSON(_:payload:tree:at:options:handingElementsTo:)``).
    /// Nil otherwise: the server renders the report's value.
    func decodeWithValueJSON(
        handingElementsTo elements: (@Sendable ([UInt8]) -> Void)? = nil
    ) throws(WorkerFailure) -> (report: DecodeReport, valueJSON: ValueJSON?) {
        guard job.value == .json else { return (try decode(), nil) }
        switch engine {
        case .schema(let engine, let type):
            guard let tree, let node else { return (try decode(), nil) }
            return engine.decodeWithValueJSON(
                type, payload: bytes, tree: tree, at: node, options: schemaOptions, handingElementsTo: elements)
        case .compiled(let decoder):
            var text: ValueJSON?
            let report = try compiledReport { () throws(CompiledDecoder.Failure) -> DecodeReport in
                let (report, valueJSON) = try decoder.decodeWithValueJSON(
                    job.typeExpression, payloadPath: job.payloadPath, tree: tree, at: node,
                    options: compiledOptions, traces: compiledOptions.tracesCalls)
                text = valueJSON
                return report
            }
            return (report, text)
        case .compiledAllErrors:
            return (try decode(), nil)
        }
    }

    /// The schema engine's options for the job's decode. The engine records which type and
    /// property read each node when the explorer's value view or teaching will ask: teaching reads
    /// that record of a decode that read every node instead of decoding the payload again for it
    /// (a second whole decode of every valid payload checked, otherwise).
    var schemaOptions: DecodeOptions {
        var options = job.options
        options.recordsNodeTypes = job.value == .onDemand || job.teaching != .none || options.listsUnreadKeys
        return options
    }

    /// The compiled runner's options for the job's decode: traced when the unread keys are listed
    /// (the trace's calls say which keys the model's code asked for, and of which type).
    var compiledOptions: DecodeOptions {
        var options = job.options
        if options.listsUnreadKeys { options.tracesCalls = true }
        return options
    }

    /// Whether the compiled decode is traced only for the teacher (``DecodeJob/expectsErrors``): its
    /// report then carries the trace the teacher reads (``compiledTeacher(for:)``), one decode instead
    /// of two, and what the trace added is taken off the report sent (``reportToSend(_:)``).
    var tracesForTeaching: Bool {
        guard job.expectsErrors, job.teaching != .none, job.value != .json, !compiledOptions.tracesCalls, case .compiled = engine
        else { return false }
        return true
    }

    /// The report as the job's caller gets it: without what a decode traced only for the teacher added.
    func reportToSend(_ report: DecodeReport) -> DecodeReport {
        guard tracesForTeaching else { return report }
        var sent = report
        sent.trace = []
        sent.nodeStatus = NodeStatusTable()
        sent.missingKeys = [:]
        return sent
    }

    /// Foundation's verdict: from the schema engine, or from the compiled model's runner.
    func decode() throws(WorkerFailure) -> DecodeReport {
        switch engine {
        case .schema(let engine, let type):
            if let tree, let node {
                return engine.decode(type, payload: bytes, tree: tree, at: node, options: schemaOptions)
            }
            return engine.decode(type, payload: bytes, options: job.options)
        case .compiled(let decoder):
            var options = compiledOptions
            if tracesForTeaching { options.tracesCalls = true }
            return try compiledReport { () throws(CompiledDecoder.Failure) -> DecodeReport in
                try decoder.decode(
                    job.typeExpression, payloadPath: job.payloadPath, tree: tree, at: node, options: options,
                    wantsValue: job.value != .none, traces: job.value.isForTheExplorer || options.tracesCalls)
            }
        case .compiledAllErrors(let allErrors):
            return try compiledReport { () throws(CompiledDecoder.Failure) -> DecodeReport in
                try allErrors.decode(
                    payloadPath: job.payloadPath, tree: tree, at: node, options: job.options,
                    wantsValue: job.value != .none, traces: job.value.isForTheExplorer || job.options.tracesCalls)
            }
        }
    }

    /// A compiled-mode decode's report, with where the payload stops being JSON when it does.
    private func compiledReport(_ decode: () throws(CompiledDecoder.Failure) -> DecodeReport) throws(WorkerFailure) -> DecodeReport {
        var report: DecodeReport
        do { report = try decode() } catch {
            if case .timedOut(let seconds, let place) = error {
                throw .timedOut(
                    seconds: seconds, place: place, at: place.flatMap { place in schema.flatMap { place.sourceLocation(in: $0) } })
            }
            switch error {
            case .crashed, .exited: throw .trapped(error.description)
            default: break
            }
            throw .model(error.description)
        }
        if tree == nil {
            do { _ = try JSONTree.parse(bytes, options: .init(json5: job.options.allowsJSON5)) } catch { report.parseError = error }
        }
        // Each error the model's code caught, tied to the line of its code that caught it.
        if let schema { report.caught = report.caught.map { $0.attributed(in: schema) } }
        if let first = report.errors.first, first.kind == .dataCorrupted, first.realCause == nil, let tree, let node,
            let at = first.node, tree.kind(at) == .object || tree.kind(at) == .array
        {
            if let (cause, reason) = stoppedShort(first, at: node, tree: tree, trace: report.trace) {
                // On the value, as schema mode locates it, with where Foundation's path stops said.
                report.errors[0].realCause = cause
                report.errors[0].node = cause.node
                report.errors[0].location = cause.location
                if let reason { report.errors[0].reason = reason }
            }
        }
        // The model property each error is about, where the schema reads the type (a synthesized type
        // decoded in compiled mode for --decoder): as schema mode's decode notes it.
        if let schema, let type, let tree, let node {
            let prefix = NodePath(of: node, in: tree).components.count
            for index in report.errors.indices where report.errors[index].property == nil {
                var error = report.errors[index]
                // A value Foundation's path stops short of: the property that read it.
                if let cause = error.realCause {
                    // The payload's keys as the decoder converts them (the model's coding keys).
                    let snake = (report.decoderKeys ?? job.options.keys) == .convertFromSnakeCase
                    error.codingPath = NodePath(of: cause.node, in: tree).codingPathComponents.map { step in
                        if snake, case .key(let key) = step { .key(SnakeCase.convert(key)) } else { step }
                    }
                }
                report.errors[index].property = PropertyAlongPath.property(of: error, below: prefix, from: type, in: schema)
            }
        }
        return report
    }

    /// The value a compiled decode's `dataCorrupted` is about when Foundation's coding path stops at
    /// its container: a string (an `.iso8601` date leaves its key out), or a number that does not fit
    /// the scalar the call read (Foundation says "not valid JSON" at the root; the reason then too).
    /// The node of the call that threw it, from the trace (decoded again traced, only for such an
    /// error, when the decode was not). Nil otherwise.
    private func stoppedShort(
        _ error: LocatedDecodingError, at node: NodeID, tree: JSONTree, trace: [TraceEntry]
    )
        -> (LocatedDecodingError.RealCause, LocatedDecodingError.Reason?)?
    {
        var calls = trace
        if calls.isEmpty {
            let decoder: CompiledDecoder
            switch engine {
            case .schema: return nil
            case .compiled(let d): decoder = d
            case .compiledAllErrors(let allErrors): decoder = allErrors.decoder
            }
            var options = job.options
            options.allErrors = false
            options.tracesCalls = true
            calls =
                (try? decoder.decode(
                    job.typeExpression, payloadPath: job.payloadPath, tree: tree, at: node, options: options, wantsValue: false,
                    traces: true))?.trace ?? []
        }
        let threw = calls.last { entry in
            if case .threw(let kind, let said) = entry.outcome { kind == error.kind && said == error.debugDescription } else { false }
        }
        guard let value = threw?.node, value != error.node else { return nil }
        if tree.kind(value) == .number, let name = threw?.site?.type, let scalar = Self.scalar(named: name),
            let (_, why) = NumberCulprit.check(value, as: scalar, in: tree)
        {
            return (.numberDoesNotFit(at: value, in: tree, why: why), .numberDoesNotFit)
        }
        guard tree.kind(value) == .string else { return nil }
        return (.stoppedShort(at: value, in: tree), nil)
    }

    /// The scalar a trace's type name reads, optional or not (`Int`, `Swift.Int`, `Int?`,
    /// `Optional<Int>`); nil for any other type.
    static func scalar(named name: String) -> ScalarType? {
        var text = name.replacingOccurrences(of: "Swift.", with: "")
        while text.hasSuffix("?") { text.removeLast() }
        while text.hasPrefix("Optional<"), text.hasSuffix(">") { text = String(text.dropFirst("Optional<".count).dropLast()) }
        return ScalarType(rawValue: text)
    }

    /// The decode as the teaching library sees it; nil when the payload is not JSON, or in
    /// compiled mode (explanations and fixes read the schema).
    var teachingContext: TeachingContext? {
        guard let tree, let node, case .schema(let engine, let type) = engine else { return nil }
        var options = job.options
        options.tracesCalls = false
        return TeachingContext(
            schema: engine.schema, payload: bytes, tree: tree, rootType: type, rootNode: node,
            options: options, typeExpression: job.typeExpression)
    }

    /// Compiled mode's teacher, with the job's decode traced (first error only) when the report
    /// has no trace: the trace names the call that threw. Nil in schema mode or without a tree.
    func compiledTeacher(for report: DecodeReport) -> CompiledTeacher? {
        guard let schema, let tree, let node else { return nil }
        let decoder: CompiledDecoder
        switch engine {
        case .schema: return nil
        case .compiled(let d): decoder = d
        case .compiledAllErrors(let allErrors): decoder = allErrors.decoder
        }
        var traced: DecodeReport? = report.trace.isEmpty || job.options.allErrors ? nil : report
        if traced == nil {
            var options = job.options
            options.allErrors = false
            options.tracesCalls = true
            traced = try? decoder.decode(
                job.typeExpression, payloadPath: job.payloadPath, tree: tree, at: node, options: options,
                wantsValue: false, traces: true)
        }
        var models = job.models
        models.package = decoder.package
        let request = CompiledRequest(
            payloadPath: job.payloadPath, typeExpression: job.typeExpression, options: job.options, models: models)
        // The schema's view of the decode, where it reads the type (a synthesized type decoded in
        // compiled mode for --decoder): its catalogue proposes edits, each verified compiled.
        // The app's decoder converts keys as the runner said it does: the schema reads the payload so too.
        var viewed = job.options
        if let keys = report.decoderKeys { viewed.keys = keys }
        let context = type.map { type in
            TeachingContext(
                schema: schema, payload: bytes, tree: tree, rootType: type, rootNode: node, options: viewed,
                typeExpression: job.typeExpression)
        }
        return CompiledTeacher(schema: schema, request: request, tree: tree, node: node, traced: traced, context: context)
    }

    /// What the job asks to learn about the report's errors. `value`: the value the decode made,
    /// if the job asked for it (compiled mode's warnings read it).
    func teach(_ report: DecodeReport, value: DecodedValue? = nil) -> TeachingReport {
        // Compiled mode teaches errors, and warns about what a decode that succeeded made.
        let readsSchema = if case .schema = engine { true } else { false }
        if report.errors.isEmpty, !readsSchema {
            var teaching = TeachingReport(lessons: [], fixes: [], warnings: compiledWarnings(report, value: value))
            teaching.caught = caughtLessons(report)
            return teaching
        }
        if let compiled = compiledTeacher(for: report) {
            var teaching = compiled.teach(report, withFixes: job.teaching == .fixes)
            teaching.caught = caughtLessons(report)
            return teaching
        }
        guard let context = teachingContext else {
            let explanation =
                report.parseError.map(Explanation.init(parseError:))
                ?? Explanation(expected: "valid JSON", found: "a payload that is not JSON")
            return TeachingReport(lessons: report.errors.map { _ in .init(explanation: explanation, fixes: []) }, fixes: [])
        }
        // A decode that succeeded, or read past every error, recorded the types of every node it
        // could read: teaching reads them instead of decoding again for them. One that stopped at
        // its first error did not type the nodes after it, whose warnings teaching still gives:
        // the all-errors baseline is decoded for them.
        let complete = !report.nodeTypes.isEmpty && (report.ok || job.options.allErrors)
        let teacher = Teacher(context: context, nodeTypes: complete ? report.nodeTypes : nil)
        switch job.teaching {
        case .fixes:
            return teacher.teach(report, baseline: job.options.allErrors ? report : nil)
        case .explanations, .none:
            return TeachingReport(
                lessons: teacher.explanations(for: report).map { .init(explanation: $0, fixes: []) }, fixes: [],
                groups: teacher.groups(for: report), warnings: teacher.warnings())
        }
    }

    /// What each error the model's code caught lost, and (with fixes) its strict and lenient edits,
    /// verified compiled (``CaughtTeacher``).
    func caughtLessons(_ report: DecodeReport) -> [CaughtLesson] {
        guard !report.caught.isEmpty, let schema, let tree, let node else { return [] }
        let decoder: CompiledDecoder
        switch engine {
        case .schema: return []
        case .compiled(let d): decoder = d
        case .compiledAllErrors(let allErrors): decoder = allErrors.decoder
        }
        var models = job.models
        models.package = decoder.package
        let request = CompiledRequest(
            payloadPath: job.payloadPath, typeExpression: job.typeExpression, options: job.options, models: models)
        return CaughtTeacher(schema: schema, request: request, tree: tree, node: node).teach(report, withFixes: job.teaching == .fixes)
    }

    /// Compiled mode's warnings on a decode that succeeded, read from the value the model's own code
    /// made: its implausible dates (``DecodedDateCheck``) and its optionals that are always nil while
    /// the payload sends a key of a near spelling (``DecodedNilCheck``). When the job asked for no
    /// value, the payload is decoded again for it (the runner is built), only for a payload of at
    /// most ``warningDecodeLimit`` bytes, and only if a warning is possible at all: a model file
    /// mentions `Date`, or an optional's key has a near spelling in the payload.
    func compiledWarnings(_ report: DecodeReport, value: DecodedValue?) -> [DecodeWarning] {
        guard report.ok, let tree, let node, let schema else { return [] }
        let nils = DecodedNilCheck(schema: schema, tree: tree, keys: report.decoderKeys ?? job.options.keys)
        var decoded = value
        if decoded == nil, case .compiled(let decoder) = engine, bytes.count <= Self.warningDecodeLimit,
            schema.sources.contains(where: { $0.text.contains("Date") }) || nils.mayWarn(root: node)
        {
            var options = job.options
            options.tracesCalls = false
            decoded =
                (try? decoder.decode(
                    job.typeExpression, payloadPath: job.payloadPath, tree: tree, at: node, options: options, wantsValue: true,
                    traces: false))?.value
        }
        guard let decoded else { return [] }
        return DecodedDateCheck.warnings(value: decoded, tree: tree, root: node) + nils.warnings(value: decoded, root: node)
    }

    /// The largest payload decoded a second time for compiled mode's warnings. The value comes
    /// from the runner as a whole tree (``DecodedValue``): on 100 MB that second decode took 140 s
    /// and 7.7 GB, against 19 s and 544 MB for the check itself (DECISIONS.md, "Compiled mode's
    /// warnings read a second decode only up to 8 MB").
    static let warningDecodeLimit = 8 << 20
}

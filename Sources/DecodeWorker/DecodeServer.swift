import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// The worker child's side of ``DecodeClient`` and ``DecodeSession``: reads a ``DecodeJob`` from
/// standard input (a session's, one after another), prepares it once, decodes, and writes the replies on standard output as they are ready:
/// the verdict first, then the teaching the job asks for; for a job whose value is
/// ``DecodeJob/ValueDelivery/onDemand``, then the answer to each ``ValueQuery`` that follows
/// the job on standard input, until it ends.
public enum DecodeServer {
    /// Serves one job from `input` to `output` (``WorkerInput``'s frames). `readPayload` reads the
    /// payload file. Returns the exit status (0 when every reply was written, 2 when the job
    /// could not run). `runnerHint`: the command line this worker was started for (``WorkerArguments``),
    /// whose last session's runner starts now (``ModelMemory/prestart(for:)``).
    public static func serve(
        input: FileHandle = .standardInput, output: FileHandle = .standardOutput, runnerHint: RunnerHint? = nil,
        readPayload: @escaping @Sendable (String) throws -> [UInt8]
    ) -> Int32 {
        output.write(Data(WorkerFrames.header))
        // A session (``DecodeSession``) sends job after job on the same input, each answered in
        // full (up to ``WorkerReply/end``, or a failure) before the next is served (those already
        // there are read ahead, ``WorkerInbox``); a single job's client closes the input after it.
        // The model is parsed once for all of them.
        let memory = ModelMemory()
        defer { memory.keptRunner.close() }
        if let runnerHint { memory.prestart(for: runnerHint) }
        WorkerWarmUp.run()
        var status: Int32 = 0
        var served = 0
        let inbox = WorkerInbox(descriptor: input.fileDescriptor)
        while true {
            let (next, ended) = serveOne(
                inbox: inbox, input: input, output: output, readPayload: readPayload, memory: memory, first: served == 0)
            guard let next else { return served == 0 ? 2 : status }
            served += 1
            status = next
            if ended { return status }
        }
    }

    /// Reads and serves the next job: its exit status (nil when the input ended before it) and
    /// whether the conversation is over (a job whose value is asked for on demand keeps the input).
    private static func serveOne(
        inbox: WorkerInbox, input: FileHandle, output: FileHandle, readPayload: @escaping @Sendable (String) throws -> [UInt8],
        memory: ModelMemory, first: Bool
    ) -> (status: Int32?, ended: Bool) {
        let job: DecodeJob
        do {
            guard let message = try inbox.next() else {
                guard first else { return (nil, true) }
                throw WorkerInput.Problem.frame(.truncated(missing: 4))
            }
            // A job of another version may not decode as this one at all: its version is read alone
            // then, to say so (read once, with the job, when it does).
            struct Versioned: Decodable { var version: Int }
            let decoded = Result { try FrameDecoder().decode(DecodeJob.self, from: message) }
            let version = try (try? decoded.get().version) ?? FrameDecoder().decode(Versioned.self, from: message).version
            guard version == DecodeJob.version else {
                send(
                    .failure(.job("a decode job of version \(version); this worker reads version \(DecodeJob.version)")), request: 0,
                    to: output)
                return (2, true)
            }
            job = try decoded.get()
        } catch {
            send(.failure(.job("the decode job is unreadable: \(error)")), request: 0, to: output)
            return (2, true)
        }
        // The jobs already waiting go on the runner's channel right behind this one's.
        if job.value != .onDemand {
            inbox.readAhead()
            plan(inbox, memory: memory, readPayload: readPayload)
        }
        var readPayload = readPayload
        if job.payloadAttached {
            do {
                let bytes = try inbox.payload()
                readPayload = { _ in bytes }
            } catch {
                send(.failure(.job("the payload attached to the job is unreadable: \(error)")), request: job.request, to: output)
                return (2, true)
            }
        }
        // A job planned ahead is served as it was prepared then.
        let prepared: PreparedDecode
        if let ahead = inbox.preparedAhead {
            prepared = ahead
        } else {
            do {
                prepared = try PreparedDecode.prepare(
                    job, readPayload: readPayload, progress: { [request = job.request] in send($0, request: request, to: output) },
                    models: memory)
            } catch {
                send(.failure(error), request: job.request, to: output)
                return (2, job.value == .onDemand)
            }
        }
        if job.screen != nil {
            do { send(.screened(ScreenVerdicts(try prepared.screen(readPayload: readPayload))), request: job.request, to: output) } catch {
                send(.failure(error), request: job.request, to: output)
                return (2, false)
            }
            send(.end, request: job.request, to: output)
            return (0, false)
        }
        var report: DecodeReport
        var valueJSON: ValueJSON?
        // A split array's elements go out as they are decoded, ahead of the verdict: held
        // here until it, they were a fifth of the worker's peak (68 MB of 336 on 100 MB).
        let elements: @Sendable ([UInt8]) -> Void = { [request = job.request] text in
            WorkerFrames.writeElements(text, request: request) { output.write($0) }
        }
        do { (report, valueJSON) = try prepared.decodeWithValueJSON(handingElementsTo: elements) } catch {
            send(.failure(error), request: job.request, to: output)
            return (2, job.value == .onDemand)
        }
        if job.options.listsUnreadKeys, let tree = prepared.tree {
            report.unreadKeys = UnreadKey.find(
                in: report, tree: tree, schema: prepared.schema, keys: report.decoderKeys ?? job.options.keys)
            // The trace was made for them (compiled mode), not asked for.
            if !job.options.tracesCalls { report.trace = [] }
        }
        let value = report.value
        report.value = nil
        // The node types stay here (the value view's queries and teaching read them), but those
        // of a traced decode, which the stepping view reads: they are 4 bytes a node.
        var sent = prepared.reportToSend(report)
        if !prepared.job.options.tracesCalls { sent.nodeTypes = NodeTypes() }
        send(.report(sent, prepared.facts), request: job.request, to: output)
        // The value as a tree even when the decode made none, so the explorer knows it is not coming.
        if job.value == .tree, report.failure == nil { send(.value(value), request: job.request, to: output) }
        if job.value == .json, report.ok, let valueJSON {
            WorkerFrames.writeValueJSON(valueJSON, request: job.request) { output.write($0) }
        } else if job.value == .json, report.ok, let value {
            // Rendered into bytes the size of the payload at most (only the pages written are
            // resident) and framed from there: no growing copies, and no `String` copy of it.
            var text: [UInt8] = []
            text.reserveCapacity(prepared.bytes.count + 64)
            value.write(to: &text)
            WorkerFrames.writeValueJSON(ValueJSON(text: text), request: job.request) { output.write($0) }
        }
        // A decode that succeeded is taught too (its "decodes, but" warnings); in compiled mode as well.
        if job.teaching != .none, report.failure == nil {
            send(.teaching(prepared.teach(report, value: value)), request: job.request, to: output)
        }
        send(.end, request: job.request, to: output)
        if job.value == .onDemand {
            answerQueries(
                from: input, to: output, about: value, types: report.nodeTypes, keys: report.decoderKeys ?? job.options.keys, prepared)
            return (0, true)
        }
        return (0, false)
    }

    /// Goes through the jobs waiting in `inbox` (read ahead) as they will be served, in order, with
    /// the session's kept runner planning what they ask of it (``KeptRunner/planning(_:)``): the jobs
    /// of a session that want no value (a capture's screens and entries checked alone for text) and
    /// have nothing attached, in compiled mode, whose runner this session found already (nothing is compiled ahead; a job whose runner is not known yet
    /// waits, with those behind it, for the next time). A job planned is served as it was prepared
    /// then; one that cannot be prepared is not planned (it is prepared again in its turn, and says
    /// why then).
    private static func plan(_ inbox: WorkerInbox, memory: ModelMemory, readPayload: @escaping @Sendable (String) throws -> [UInt8]) {
        inbox.plan { job in
            guard
                job.sessionTypes != nil && job.value == .none && !job.payloadAttached && job.packageEdits == nil
                    && !job.options.allErrors
            else { return .none }
            guard memory.runner(for: job.models, types: job.runnerTypes) != nil else { return .later }
            guard let prepared = try? PreparedDecode.prepare(job, readPayload: readPayload, models: memory),
                case .compiled(let decoder) = prepared.engine, decoder.keptRunner === memory.keptRunner
            else { return .none }
            memory.keptRunner.planning {
                if job.screen != nil {
                    _ = try? prepared.screen(readPayload: readPayload)
                } else {
                    _ = try? prepared.decodeWithValueJSON()
                }
            }
            // Served as prepared: its payload read and parsed once.
            return .prepared(prepared)
        }
    }

    /// Answers each ``ValueQuery`` on `input` until it ends, from the value held here.
    private static func answerQueries(
        from input: FileHandle, to output: FileHandle, about value: DecodedValue?, types: NodeTypes,
        keys: DecodeOptions.KeyStrategy, _ prepared: PreparedDecode
    ) {
        let locator = value.flatMap { value in
            prepared.tree.flatMap { tree in
                prepared.node.map { root in
                    DecodedValueLocator(
                        tree: tree, root: root, value: value, schema: prepared.schema, types: types,
                        keys: keys)
                }
            }
        }
        let decoder = FrameDecoder()
        // A message that is not a query ends the conversation, as the end of the input does.
        while let message = try? WorkerInput.next(from: input.fileDescriptor),
            let query = try? decoder.decode(ValueQuery.self, from: message)
        {
            send(.nodeValue(query: query.id, locator?.answer(query) ?? .notDecoded), request: prepared.job.request, to: output)
        }
    }

    /// One reply to request `request` (0: a job too broken to have read its number).
    private static func send(_ reply: WorkerReply, request: Int, to output: FileHandle) {
        do {
            try WorkerFrames.write(reply, request: request) { output.write($0) }
        } catch {
            // A reply that cannot be encoded: say so in a frame that always can.
            let failure = WorkerReply.failure(.broken(status: 0, message: "the worker cannot write its reply: \(error)"))
            if let frame = try? WorkerFrames.frame(failure, request: request) {
                output.write(frame)
            }
        }
    }
}

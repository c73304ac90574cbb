import ArgumentParser
import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree
import Teaching

/// `check` and `fix` as a ``DecodeJob`` for the worker child, and what they show with its
/// replies. The parent checks only what the command line says (strategies, the path's
/// syntax) and reads standard input; the child reads, scans and parses everything else, once.
struct CheckJob {
    var payloadName: String
    var job: DecodeJob
    /// The decoded type as Swift spells it and the settled path, once the child said.
    var typeSpelling: String
    var pathText: String
    /// Which way decided (`schema` or `compiled`), and why compiled, once the child said.
    var mode: DecodeJob.Mode = .schema
    var modeReason: String?
    /// Why the cached runner was not trusted and was built again, when it was.
    var rebuiltBecause: String?
    /// The payload's bytes, read when the text needs them (its excerpts); standard input's
    /// are kept from when they were read.
    private var payloadBytes: [UInt8]?

    static func prepare(
        _ command: Check, teaching: DecodeJob.Teaching, value: DecodeJob.ValueDelivery = .none
    ) throws(CommandFailure) -> CheckJob {
        var options: DecodeOptions
        do { options = try command.strategies.decodeOptions() } catch { throw .strategy(error.message) }
        options.allErrors = command.allErrors
        options.tracesCalls = command.trace
        let models = try command.packageOptions.modelSet(command.models, engine: command.engine)
        guard !models.paths.isEmpty else { throw .noModel }
        if let refusal = command.engine.refusal(decoder: command.engine.decoder, strategies: command.strategies) { throw refusal }
        let path: NodePath
        do { path = try NodePath(parsing: command.path) } catch { throw .pathSyntax(error) }
        var payloadPath = command.payload
        var bytes: [UInt8]?
        if payloadPath == "-" {
            let read = try PayloadInput.read("-")
            payloadPath = try PayloadInput.temporaryCopy(read)
            bytes = read
        }
        var job = DecodeJob(
            payloadPath: payloadPath, models: models, typeExpression: command.type, path: path, options: options, teaching: teaching,
            value: value)
        if let timeout = command.timeout {
            guard timeout > 0 else { throw .timeout(timeout) }
            job.timeLimit = timeout
        }
        return CheckJob(
            payloadName: PayloadInput.displayName(command.payload), job: job, typeSpelling: command.type,
            pathText: path.description, payloadBytes: bytes)
    }

    /// What the worker answered: the verdict, and the teaching (or why there is none).
    struct Answer {
        var report: DecodeReport
        /// The decoded value as check-output.md's JSON, when the job asked for it.
        var valueJSON: ValueJSON?
        var teaching: TeachingReport?
        /// Why the teaching asked for is missing (the child crashed while verifying fixes).
        var teachingNote: String?
    }

    /// Runs the job in a worker child (`worker`: this program's unless a test says otherwise).
    /// Without a verdict, throws why: the job could not run, or the child crashed or was killed.
    /// On a terminal, what swiftc compiles is said on stderr while the user waits for it.
    mutating func answer(worker: DecodeClient = DecodeClient()) throws(CommandFailure) -> Answer {
        let run = worker.run(job) { start in
            if isatty(STDERR_FILENO) != 0 { PayloadInput.note("\(start.text)…") }
        }
        guard let report = run.report else {
            throw .worker(run.failure ?? .broken(status: 0, message: ""))
        }
        if let facts = run.facts {
            typeSpelling = facts.typeSpelling
            pathText = facts.pathText
            mode = facts.mode
            modeReason = facts.modeReason
            rebuiltBecause = facts.rebuiltBecause
        }
        var answer = Answer(report: report, valueJSON: run.valueJSON, teaching: run.teaching)
        if let failure = run.failure {
            answer.teachingNote =
                switch failure {
                case .crashed(let signal, _): "JSONDecoder crashed (signal \(signal)) while the fixes were verified; no fixes are offered"
                default: failure.description
                }
        }
        if let teaching = answer.teaching, teaching.lessons.count != report.errors.count { answer.teaching = nil }
        return answer
    }

    /// ``answer(worker:)`` for a command: a job that cannot run, or an engine that cannot
    /// decode the type, is said on stderr and ends the command (status 2).
    mutating func run() throws -> Answer {
        let answer: Answer
        do { answer = try self.answer() } catch {
            PayloadInput.complain(error)
            throw ExitCode(2)
        }
        if let rebuiltBecause { PayloadInput.complain("\(rebuiltBecause); it was built again") }
        if let failure = answer.report.failure {
            PayloadInput.complain(failure.description)
            throw ExitCode(2)
        }
        return answer
    }

    /// The payload's bytes (read now for a file).
    mutating func bytes() -> [UInt8] {
        if let payloadBytes { return payloadBytes }
        let read = (try? PayloadInput.read(job.payloadPath)) ?? []
        payloadBytes = read
        return read
    }
}

extension CheckJob {
    /// The job of one entry of a capture, named as the entry, with what the worker settled for it.
    init(entryName: String, job: DecodeJob, facts: PreparedFacts?, bytes: [UInt8]) {
        self.init(
            payloadName: entryName, job: job, typeSpelling: facts?.typeSpelling ?? job.typeExpression,
            pathText: facts?.pathText ?? job.path.description, payloadBytes: bytes)
        mode = facts?.mode ?? .schema
        modeReason = facts?.modeReason
    }
}

extension DecodeJob.Mode: ExpressibleByArgument {}

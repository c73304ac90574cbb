import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// `check` and `fix` as a ``DecodeJob`` for the worker child, and what they show with its
/// replies. The parent checks only what the command line says (strategies, the path's
/// syntax) and reads standard input; the child reads, scans, parses and checks everything else,
/// once.
public struct CheckJob {
    public var payloadName: String
    public var job: DecodeJob
    /// The decoded type as Swift spells it and the settled path, once the child said.
    public var typeSpelling: String
    public var pathText: String
    /// Which way decided (`schema` or `compiled`), and why compiled, once the child said.
    public var mode: DecodeJob.Mode = .schema
    public var modeReason: String?
    /// Why the cached runner was not trusted and was built again, when it was.
    public var rebuiltBecause: String?
    /// The model folder's files left out of the decode (they import what this platform cannot build).
    public var leftOut: LeftOutFiles?
    /// Schema mode: where the model's code may catch an error schema mode cannot see.
    public var unseenCatch: String?
    /// Standard input's bytes, read once here (handed to the child with the job, then quoted).
    private var payloadBytes: [UInt8]?

    public static func prepare(
        _ request: CheckRequest, teaching: DecodeJob.Teaching, value: DecodeJob.ValueDelivery = .none
    ) throws(CommandFailure) -> CheckJob {
        let models = request.models
        let path: NodePath
        do { path = try NodePath(parsing: request.path) } catch { throw .pathSyntax(error) }
        // Standard input is read here, once, and handed to the child with the job; a compiled
        // runner reads a file, so where one may run the child gets a private copy (removed at exit
        // and by any signal that ends this process).
        let bytes = request.payload == "-" ? try PayloadInput.read("-") : nil
        let attached = bytes != nil && models.mode == .schema
        let payloadPath =
            if let bytes { attached ? PayloadInput.displayName("-") : try PayloadInput.temporaryCopy(bytes) } else { request.payload }
        var job = DecodeJob(
            payloadPath: payloadPath, models: models, typeExpression: request.typeExpression, path: path, options: request.options,
            teaching: teaching,
            value: value)
        job.payloadAttached = attached
        if let timeout = request.timeout {
            guard timeout > 0 else { throw .timeout(timeout) }
            job.timeLimit = timeout
        }
        return CheckJob(
            payloadName: PayloadInput.displayName(request.payload), job: job, typeSpelling: request.typeExpression,
            pathText: path.description, payloadBytes: bytes)
    }

    /// What the worker answered: the verdict, and the teaching (or why there is none).
    public struct Answer {
        public var report: DecodeReport
        /// The decoded value as check-output.md's JSON, when the job asked for it.
        public var valueJSON: ValueJSON?
        public var teaching: TeachingReport?
        /// Why the teaching asked for is missing (the child crashed while verifying fixes).
        public var teachingNote: String?
    }

    /// Runs the job in a worker child (`worker`: this program's unless a test says otherwise).
    /// Without a verdict, throws why: the job could not run, or the child crashed or was killed.
    /// On a terminal, what swiftc compiles is said on stderr while the user waits for it.
    public mutating func answer(worker: DecodeClient = DecodeClient()) throws(CommandFailure) -> Answer {
        let run = worker.run(job, payload: job.payloadAttached ? payloadBytes : nil) { start in
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
            leftOut = facts.leftOut
            unseenCatch = facts.unseenCatch
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
    public mutating func run() throws(ExitStatus) -> Answer {
        let answer: Answer
        do { answer = try self.answer() } catch {
            PayloadInput.complain(error)
            throw ExitStatus.cannotRun
        }
        if let rebuiltBecause { PayloadInput.complain("\(rebuiltBecause); it was built again") }
        if let failure = answer.report.failure {
            PayloadInput.complain(failure.description)
            // Schema mode could not run the code that catches: what compiled mode would show, once.
            if let note = CheckResult.unseenCatchNote(unseenCatch) { PayloadInput.complain("note: " + note) }
            throw ExitStatus.cannotRun
        }
        return answer
    }

    /// What `check` shows of an answer (`showsFixes`: the fixes were asked for and verified).
    public func result(_ answer: Answer, showsFixes: Bool) -> CheckResult {
        var result = CheckResult(report: answer.report, typeExpression: job.typeExpression, typeSpelling: typeSpelling, path: pathText)
        result.mode = mode
        result.modeReason = modeReason
        result.valueJSON = answer.valueJSON
        result.teaching = answer.teaching
        result.showsFixes = showsFixes
        result.teachingNote = answer.teachingNote
        result.leftOut = leftOut
        result.unseenCatch = unseenCatch
        result.listsUnreadKeys = job.options.listsUnreadKeys
        return result
    }

    /// `body` with the payload's bytes: standard input's as they were read; a file's mapped, so that
    /// only the pages an excerpt touches are read again (the child read the file whole).
    public func withPayload<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let payloadBytes { return payloadBytes.withUnsafeBufferPointer(body) }
        return PayloadInput.withMapped(job.payloadPath, body)
    }
}

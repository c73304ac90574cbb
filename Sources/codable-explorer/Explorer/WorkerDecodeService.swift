import DecodingEngine
import ExplorerUI
import Foundation
import Teaching

/// Decodes for the explorer in a worker child (``DecodeClient``): Foundation trapping on a
/// hostile payload ends the child, not the explorer, and a superseded decode is ended by
/// killing its child. One child per decode: the verdict, then the lessons, from the same child.
final class WorkerDecodeService: DecodeService, @unchecked Sendable {
    /// The payload as a file the child can read (standard input's is a temporary copy).
    let payloadPath: String
    private let lock = NSLock()
    private var current: DecodeClient?

    init(payloadPath: String) {
        self.payloadPath = payloadPath
    }

    func start(
        _ request: DecodeRequest, completion: @escaping @Sendable (DecodeOutcome) -> Void,
        lessons: @escaping @Sendable (TeachingReport?) -> Void
    ) {
        start(request, progress: { _ in }, completion: completion, lessons: lessons)
    }

    func start(
        _ request: DecodeRequest, progress: @escaping @Sendable (DecodeProgress) -> Void,
        completion: @escaping @Sendable (DecodeOutcome) -> Void, lessons: @escaping @Sendable (TeachingReport?) -> Void
    ) {
        let client = DecodeClient()
        lock.lock()
        current?.cancel()
        current = client
        lock.unlock()
        let job = Self.job(for: request, payloadPath: payloadPath)
        Thread.detachNewThread {
            var verdict: DecodeReport?
            var taught = false
            client.run(job) { reply in
                switch reply {
                case .compiling(let files):
                    progress(.compiling(files: files))
                case .report(let report, let facts):
                    progress(.decided(mode: facts.mode, compileSeconds: facts.compileSeconds))
                    verdict = report
                    if DecodeClient.expectsTree(job, after: report) { progress(.valueFollows) }
                    completion(.finished(report))
                case .value(let value):
                    progress(.value(value))
                case .valueJSON:
                    break
                case .teaching(let teaching):
                    taught = true
                    lessons(teaching)
                case .failure(let failure):
                    // Before the verdict, the decode failed; after it, only the lessons did.
                    if verdict == nil { completion(Self.outcome(failure)) }
                }
            }
            if let verdict, !verdict.errors.isEmpty, verdict.failure == nil, !taught { lessons(nil) }
        }
    }

    func cancel() {
        lock.lock()
        current?.cancel()
        current = nil
        lock.unlock()
    }

    static func job(for request: DecodeRequest, payloadPath: String) -> DecodeJob {
        DecodeJob(
            payloadPath: payloadPath, modelPaths: request.modelPaths, typeExpression: request.typeExpression,
            path: request.path, options: request.options, mode: request.mode, decoderExpression: request.decoderExpression,
            teaching: .fixes)
    }

    static func outcome(_ failure: WorkerFailure) -> DecodeOutcome {
        switch failure {
        case .cancelled: .cancelled
        case .crashed: .crashed(failure.description)
        case .doesNotCompile(let diagnostics): .doesNotCompile(diagnostics)
        case .model, .payload, .job, .killed, .broken: .failed(failure.description)
        }
    }
}

import DecodeWorker
import DecodingEngine
import ExplorerUI
import Foundation
import Teaching

/// Decodes for the explorer in a worker child (``DecodeClient``): Foundation trapping on a
/// hostile payload ends the child, not the explorer, and a superseded decode is ended by
/// killing its child. One child per decode: the verdict, then the lessons, from the same child,
/// which then stays, holding the decoded value, to answer the value view about one node at a
/// time (``DecodeJob/ValueDelivery/onDemand``) until the next decode ends it.
public final class WorkerDecodeService: DecodeService, @unchecked Sendable {
    /// The payload as a file the child can read (standard input's is a temporary copy).
    public let payloadPath: String
    private let lock = NSLock()
    private var current: DecodeClient?
    /// The request the current child decodes.
    private var currentID: Int?
    /// Why the current child answers no more (it ended); nil while it can.
    private var gone: String?
    /// The value queries sent to the current child and not yet answered, by query id.
    private var waiting: [Int: @Sendable (ValueQuery.Answer) -> Void] = [:]

    public init(payloadPath: String) {
        self.payloadPath = payloadPath
    }

    public func start(
        _ request: DecodeRequest, completion: @escaping @Sendable (DecodeOutcome) -> Void,
        lessons: @escaping @Sendable (TeachingReport?) -> Void
    ) {
        start(request, progress: { _ in }, completion: completion, lessons: lessons)
    }

    public func start(
        _ request: DecodeRequest, progress: @escaping @Sendable (DecodeProgress) -> Void,
        completion: @escaping @Sendable (DecodeOutcome) -> Void, lessons: @escaping @Sendable (TeachingReport?) -> Void
    ) {
        let client = DecodeClient()
        lock.lock()
        current?.cancel()
        current = client
        currentID = request.id
        gone = nil
        let superseded = takeWaiting()
        lock.unlock()
        for answer in superseded { answer(.unavailable("a newer decode replaced this one")) }
        let job = Self.job(for: request, payloadPath: payloadPath)
        Thread.detachNewThread { [self] in
            var verdict: DecodeReport?
            var taught = false
            var ending: WorkerFailure?
            client.run(job) { reply in
                switch reply {
                case .compiling(let start):
                    progress(.compiling(start))
                case .compiled(let seconds):
                    progress(.decided(mode: .compiled, compileSeconds: seconds))
                case .report(let report, let facts):
                    if let leftOut = facts.leftOut { progress(.leftOut(leftOut)) }
                    progress(.decided(mode: facts.mode, compileSeconds: facts.compileSeconds))
                    verdict = report
                    completion(.finished(report))
                case .nodeValue(let query, let answer):
                    self.answered(query, answer, by: client)
                case .teaching(let teaching):
                    taught = true
                    lessons(teaching)
                case .failure(let failure):
                    // Before the verdict, the decode failed; after it, only the lessons did, or the child
                    // holding the value is gone.
                    if verdict == nil { completion(Self.outcome(failure)) } else { ending = failure }
                default:
                    // The value comes on demand (a nodeValue each), never whole; the end needs nothing.
                    break
                }
            }
            if let verdict, !verdict.errors.isEmpty, verdict.failure == nil, !taught { lessons(nil) }
            self.ended(client, because: Self.goneReason(ending))
        }
    }

    public func cancel() {
        lock.lock()
        current?.cancel()
        current = nil
        currentID = nil
        let cancelled = takeWaiting()
        lock.unlock()
        for answer in cancelled { answer(.unavailable("the decode was cancelled")) }
    }

    public func value(_ query: ValueQuery, ofDecode requestID: Int, answer: @escaping @Sendable (ValueQuery.Answer) -> Void) {
        lock.lock()
        guard let client = current, currentID == requestID, gone == nil else {
            let why = currentID == requestID ? gone ?? "the decoding worker has ended" : "a newer decode replaced this one"
            lock.unlock()
            answer(.unavailable(why))
            return
        }
        waiting[query.id] = answer
        lock.unlock()
        client.ask(query)
    }

    /// The child answered a query: hand the answer to whoever asked, if that child is still current.
    private func answered(_ query: Int, _ answer: ValueQuery.Answer, by client: DecodeClient) {
        lock.lock()
        let asker = current === client ? waiting.removeValue(forKey: query) : nil
        lock.unlock()
        asker?(answer)
    }

    /// The child is gone: queries still waiting on it are answered with why, and new ones at once.
    private func ended(_ client: DecodeClient, because why: String) {
        lock.lock()
        guard current === client else { lock.unlock(); return }
        gone = why
        let orphans = takeWaiting()
        lock.unlock()
        for answer in orphans { answer(.unavailable(why)) }
    }

    /// Empties `waiting` (the lock held).
    private func takeWaiting() -> [@Sendable (ValueQuery.Answer) -> Void] {
        defer { waiting = [:] }
        return Array(waiting.values)
    }

    public static func job(for request: DecodeRequest, payloadPath: String) -> DecodeJob {
        DecodeJob(
            payloadPath: payloadPath, models: request.models, typeExpression: request.typeExpression, path: request.path,
            options: request.options, teaching: .fixes, value: .onDemand)
    }

    /// Why the child that held the value answers no more, for the value view.
    public static func goneReason(_ failure: WorkerFailure?) -> String {
        switch failure {
        case nil: "the decoding worker has ended"
        case .crashed(let signal, _): "the decoding worker crashed (signal \(signal)) after its verdict"
        case let failure?: "the decoding worker is gone: \(failure)"
        }
    }

    public static func outcome(_ failure: WorkerFailure) -> DecodeOutcome {
        switch failure {
        case .cancelled: .cancelled
        case .crashed: .crashed(failure.description)
        case .doesNotCompile(let diagnostics): .doesNotCompile(diagnostics)
        case .model, .payload, .pathNotInPayload, .job, .killed, .broken, .timedOut, .trapped: .failed(failure.description)
        }
    }
}

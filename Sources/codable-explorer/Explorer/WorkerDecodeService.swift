import DecodingEngine
import ExplorerUI
import Foundation
import Teaching

/// Decodes for the explorer in a `decode-worker` child process: Foundation trapping on a
/// hostile payload ends the child, not the explorer, and a superseded decode is ended by
/// killing its child.
final class WorkerDecodeService: DecodeService, @unchecked Sendable {
    /// The payload as a file the child can read (standard input's is a temporary copy).
    let payloadPath: String
    private let lock = NSLock()
    private var current: DecodeWorker?
    private var teacher: TeachingWorker?

    init(payloadPath: String) {
        self.payloadPath = payloadPath
    }

    func start(_ request: DecodeRequest, completion: @escaping @Sendable (DecodeOutcome) -> Void,
               lessons: @escaping @Sendable (TeachingReport?) -> Void) {
        let worker = DecodeWorker()
        let teaching = TeachingWorker()
        lock.lock()
        current?.cancel()
        teacher?.cancel()
        current = worker
        teacher = teaching
        lock.unlock()
        let arguments = Self.arguments(for: request, payloadPath: payloadPath)
        Thread.detachNewThread {
            let outcome = Self.outcome(worker.run(executable: Check.selfExecutable, arguments: ["decode-worker"] + arguments))
            completion(outcome)
            // The decode is on screen; now explain its errors and verify fixes (which decodes
            // again, so it runs in a child too).
            guard case .finished(let report) = outcome, !report.errors.isEmpty, report.failure == nil else { lessons(nil); return }
            var teachArguments = arguments
            teachArguments.removeAll { $0 == "--trace" }
            if case .finished(_, let found) = teaching.run(executable: Check.selfExecutable, arguments: ["teach-worker"] + teachArguments) {
                lessons(found)
            } else {
                lessons(nil)
            }
        }
    }

    func cancel() {
        lock.lock()
        current?.cancel()
        teacher?.cancel()
        current = nil
        teacher = nil
        lock.unlock()
    }

    static func arguments(for request: DecodeRequest, payloadPath: String) -> [String] {
        var arguments = [payloadPath]
        for model in request.modelPaths { arguments += ["--model", model] }
        arguments += ["--type", request.typeExpression, "--path", request.path.description]
        arguments += StrategyOptions.arguments(for: request.options)
        if request.options.allErrors { arguments.append("--all-errors") }
        if request.options.tracesCalls { arguments.append("--trace") }
        return arguments
    }

    static func outcome(_ outcome: DecodeWorker.Outcome) -> DecodeOutcome {
        switch outcome {
        case .finished(let report):
            return .finished(report)
        case .crashed(let signal, _):
            return .crashed("JSONDecoder crashed on this payload (signal \(signal), a precondition failure inside Foundation); an app decoding it would crash too")
        case .failed(_, let message):
            let reason = message.trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "codable-explorer: ", with: "")
            return .failed(reason.isEmpty ? "the decoding worker failed" : reason)
        case .cancelled:
            return .cancelled
        }
    }
}

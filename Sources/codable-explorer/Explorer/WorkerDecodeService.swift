import DecodingEngine
import ExplorerUI
import Foundation

/// Decodes for the explorer in a `decode-worker` child process: Foundation trapping on a
/// hostile payload ends the child, not the explorer, and a superseded decode is ended by
/// killing its child.
final class WorkerDecodeService: DecodeService, @unchecked Sendable {
    /// The payload as a file the child can read (standard input's is a temporary copy).
    let payloadPath: String
    private let lock = NSLock()
    private var current: DecodeWorker?

    init(payloadPath: String) {
        self.payloadPath = payloadPath
    }

    func start(_ request: DecodeRequest, completion: @escaping @Sendable (DecodeOutcome) -> Void) {
        let worker = DecodeWorker()
        lock.lock()
        current?.cancel()
        current = worker
        lock.unlock()
        let arguments = ["decode-worker"] + Self.arguments(for: request, payloadPath: payloadPath)
        Thread.detachNewThread {
            let outcome = worker.run(executable: Check.selfExecutable, arguments: arguments)
            completion(Self.outcome(outcome))
        }
    }

    func cancel() {
        lock.lock()
        current?.cancel()
        current = nil
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

import Foundation
import JSONTree

/// The trace of container calls for the teaching view: each call is listed before the calls
/// it leads to, and its outcome is filled in when it returns or throws.
extension ValueReader {
    func traced<R>(
        _ call: @autoclosure () -> String, node: NodeID?, _ render: (R) -> String,
        _ body: () throws -> R
    ) rethrows -> R {
        guard context.options.tracesCalls else { return try body() }
        let index = context.trace.count
        context.trace.append(TraceEntry(call: call(), node: node, depth: context.depth, outcome: .returned("")))
        do {
            let result = try body()
            context.trace[index].outcome = .returned(render(result))
            return result
        } catch {
            // A number that does not fit is thrown inside as a `JSONError`; show it as the
            // `DecodingError` the caller of `JSONDecoder` will see.
            let shown = error as? DecodingError ?? .dataCorrupted(.init(codingPath: [], debugDescription: ErrorLocator.invalidJSON))
            context.trace[index].outcome = Self.outcome(of: shown)
            throw error
        }
    }

    static func outcome(of error: DecodingError) -> TraceEntry.Outcome {
        switch error {
        case .keyNotFound(_, let c): .threw(kind: .keyNotFound, debugDescription: c.debugDescription)
        case .typeMismatch(_, let c): .threw(kind: .typeMismatch, debugDescription: c.debugDescription)
        case .valueNotFound(_, let c): .threw(kind: .valueNotFound, debugDescription: c.debugDescription)
        case .dataCorrupted(let c): .threw(kind: .dataCorrupted, debugDescription: c.debugDescription)
        @unknown default: .threw(kind: .dataCorrupted, debugDescription: "\(error)")
        }
    }
}

import DecodingEngine
import Foundation
import Teaching

extension CheckJob {
    /// The decode as the teaching library sees it; nil when the payload is not JSON.
    func teachingContext(typeExpression: String) -> TeachingContext? {
        guard let tree, let node else { return nil }
        return TeachingContext(schema: engine.schema, payload: bytes, tree: tree, rootType: type, rootNode: node,
                               options: options, typeExpression: typeExpression)
    }

    /// The explanation of each error of the report, in this process: explaining reads the tree
    /// and the model only, nothing is decoded.
    func explanations(for report: DecodeReport) -> [Explanation] {
        if let context = teachingContext(typeExpression: type.swiftSpelling) {
            return Teacher(context: context).explanations(for: report)
        }
        return report.errors.map { _ in
            report.parseError.map(Explanation.init(parseError:))
                ?? Explanation(expected: "valid JSON", found: "a payload that is not JSON")
        }
    }

    /// Runs `teach-worker` for this request: the report with explanations and verified fixes,
    /// or a one-line reason why fixes are not available.
    static func teach(_ command: Check, payloadPath: String) -> Result<(DecodeReport, TeachingReport), TeachingUnavailable> {
        let arguments = ["teach-worker"] + command.workerArguments(payloadPath: payloadPath)
        switch TeachingWorker().run(executable: Check.selfExecutable, arguments: arguments) {
        case .finished(let report, let teaching): return .success((report, teaching))
        case .crashed(let signal, _):
            return .failure(TeachingUnavailable(reason: "JSONDecoder crashed (signal \(signal)) while the fixes were verified; no fixes are offered"))
        case .failed(_, let message):
            return .failure(TeachingUnavailable(reason: message.isEmpty ? "the fixes could not be verified" : message.trimmingCharacters(in: .whitespacesAndNewlines)))
        case .cancelled: return .failure(TeachingUnavailable(reason: "cancelled"))
        }
    }
}

/// Why `check` shows no fixes.
struct TeachingUnavailable: Error {
    var reason: String
}

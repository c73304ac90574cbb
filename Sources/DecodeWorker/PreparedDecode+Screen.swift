import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree

extension PreparedDecode {
    /// Screens the bodies of a screening job (``DecodeJob/screen``), all as its type at its path:
    /// compiled, by the runner in one job (``ScreenFile``); in schema mode, here, each body scanned and decoded as a
    /// check of it alone scans and decodes it. A body is said to decode only when its check alone
    /// would say so; whatever the screen cannot settle is ``ScreenVerdict/fails``, and checked alone.
    func screen(readPayload: (String) throws -> [UInt8]) throws(WorkerFailure) -> [ScreenVerdict] {
        guard let count = job.screen else { return [] }
        let unsettled = [ScreenVerdict](repeating: .fails, count: count)
        // A bare number in the path is a key or an index as each body has it: only a body can settle it.
        var steps: [PathComponent] = []
        for component in job.path.components {
            switch component {
            case .key(let key): steps.append(.key(key))
            case .index(let index): steps.append(.index(index))
            case .keyOrIndex: return unsettled
            }
        }
        switch engine {
        case .compiled(let decoder):
            return
                (try? decoder.screen(
                    job.typeExpression, bodiesPath: job.payloadPath, count: count, at: steps, options: job.options)) ?? unsettled
        case .compiledAllErrors(let allErrors):
            return
                (try? allErrors.decoder.screen(
                    job.typeExpression, bodiesPath: job.payloadPath, count: count, at: steps, options: job.options)) ?? unsettled
        case .schema(let engine, let type):
            let bytes: [UInt8]
            do { bytes = try readPayload(job.payloadPath) } catch { throw .payload(String(describing: error)) }
            guard let bodies = ScreenFile.bodies(in: bytes, count: count) else { return unsettled }
            let parsing = JSONTree.Options(json5: job.options.allowsJSON5, detectsDuplicateKeys: false)
            return bodies.map { body in
                let payload = Array(bytes[body])
                guard let tree = try? JSONTree.parse(payload, options: parsing),
                    case .success(let (node, _)) = job.path.settle(in: tree)
                else { return .fails }
                return engine.decode(type, payload: payload, tree: tree, at: node, options: schemaOptions).ok ? .decodes : .fails
            }
        }
    }
}

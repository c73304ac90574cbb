import DecodingEngine
import Foundation
import JSONTree
import ModelInference

/// Writes models inferred for a node to a new file, for the run loop (a side effect).
enum InferredModelFile {
    static func write(tree: JSONTree, node: NodeID, name: String, keys: DecodeOptions.KeyStrategy, folder: String?) -> Action {
        let options = InferenceOptions(rootName: name, keyStrategy: keys == .convertFromSnakeCase ? .convertFromSnakeCase : .useDefaultKeys)
        let models: InferredModels
        do {
            models = try ModelInferrer(options).infer(tree: tree, at: node)
        } catch {
            return .notice("cannot infer models here: \(error)", isError: true)
        }
        let directory = folder ?? FileManager.default.temporaryDirectory.path
        // A new file, never one that exists: Root.swift, Root-2.swift, ...
        var path = directory + "/\(name).swift"
        var n = 2
        while FileManager.default.fileExists(atPath: path) {
            path = directory + "/\(name)-\(n).swift"
            n += 1
        }
        // Atomically and never over a file: written whole to a temporary name, then linked to
        // the final name (which fails if that exists) and the temporary name removed.
        let temporary = directory + "/.\(name).swift.\(getpid()).tmp"
        do {
            try Data(models.swiftSource.utf8).write(to: URL(fileURLWithPath: temporary))
        } catch {
            return .notice("cannot write in \(directory): \(error.localizedDescription)", isError: true)
        }
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            return .notice("cannot write \(path): \(String(cString: strerror(errno)))", isError: true)
        }
        let dates: DecodeOptions.DateStrategy? = switch models.dateStrategy {
        case .none: nil
        case .iso8601: .iso8601
        case .formatted(let format): .formatted(format)
        case .patterns: nil
        }
        return .modelInferred(path: path, rootType: models.rootTypeName, keys: keys, dates: dates)
    }
}

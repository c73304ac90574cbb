import DecodingEngine
import Foundation
import JSONTree
import ModelInference
import Teaching

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
        func taken(_ p: String) -> Bool {
            FileManager.default.fileExists(atPath: p) || (try? FileManager.default.destinationOfSymbolicLink(atPath: p)) != nil
        }
        while taken(path) {
            path = directory + "/\(name)-\(n).swift"
            n += 1
        }
        // Atomically and never over a file or a link planted there (see AtomicFile.createNew).
        do {
            try AtomicFile.createNew(path, bytes: Array(models.swiftSource.utf8))
        } catch {
            return .notice(error.description, isError: true)
        }
        return .modelInferred(path: path, rootType: models.rootTypeName, keys: keys, dates: models.dateStrategy.decoderStrategy)
    }
}

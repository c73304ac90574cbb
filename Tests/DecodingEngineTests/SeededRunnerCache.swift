import Foundation
import JSONTree
import ModelSchema
import TestSupport
import Testing

@testable import DecodingEngine

/// A runner cache of a test's own (so that it can count and age what is in it), with the runner
/// library already in it: copied from this test process's cache (``TestCache``), where it is built
/// once, instead of built again (about a minute) for each such test.
enum SeededRunnerCache {
    /// A new private folder under the temporary directory, with the library's folder copied in.
    static func make(prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-" + UUID().uuidString)
        try PrivateFolder.ensure(folder)
        let shared = RunnerCache.defaultFolder(environment: ["XDG_CACHE_HOME": TestCache.folder.path])
        try PrivateFolder.ensure(shared)
        let compiler = try #require(SwiftCompiler.find(cache: shared), "no swiftc")
        let library = try RunnerLibrary(folder: shared, compiler: compiler).built()
        try FileManager.default.copyItem(at: library, to: folder.appendingPathComponent(library.lastPathComponent))
        return folder
    }

    /// Compiles a one-type model in `cache` (a runner built, with its incremental folder) and
    /// decodes a payload with it; whether the payload decoded.
    static func compileAndDecode(in cache: URL) throws -> Bool {
        let model = cache.appendingPathComponent("Model.swift").path
        try "struct Box: Decodable { let x: Int }\n".write(toFile: model, atomically: true, encoding: .utf8)
        let payload = cache.appendingPathComponent("payload.json").path
        try #"{"x": 1}"#.write(toFile: payload, atomically: true, encoding: .utf8)
        let decoder = CompiledDecoder(
            models: [ModelSource(path: model, text: try String(contentsOfFile: model, encoding: .utf8))], typeExpressions: ["Box"],
            cacheFolder: cache)
        let tree = try JSONTree.parse(Array(try Data(contentsOf: URL(fileURLWithPath: payload))))
        return try decoder.decode("Box", payloadPath: payload, tree: tree, options: DecodeOptions()).ok
    }
}

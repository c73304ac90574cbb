import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodingEngine

/// Compiled mode held to the schema engine on every synthesized case, where the schema engine is itself
/// held to the compiled program (DifferentialTests): the same verdict, value, error and node.
@Suite("Differential: compiled mode matches the schema engine on synthesized models")
struct CompiledModeDifferentialTests {
    @Test("every differential case gives the same answer in compiled mode, located on the same node")
    func compiledModeMatchesSchemaEngine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-mode-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let modelPath = folder.appendingPathComponent("Models.swift").path
        // The harness adds the import; a model file of an app has it.
        let text = "import Foundation\n" + Fixtures.models
        try text.write(toFile: modelPath, atomically: true, encoding: .utf8)
        let schema = Schema(sources: [ModelSource(path: modelPath, text: text)])
        let engine = DecodingEngine(schema: schema)
        let cases = DifferentialTests.cases
        var types: [String] = []
        for c in cases where !types.contains(c.type) { types.append(c.type) }
        let compiled = CompiledDecoder(
            models: schema.sources, typeExpressions: types,
            cacheFolder: folder.appendingPathComponent("cache"))
        for (i, c) in cases.enumerated() {
            let bytes = Array(c.payload.utf8)
            let payloadPath = folder.appendingPathComponent("payload-\(i).json").path
            try Data(bytes).write(to: URL(fileURLWithPath: payloadPath))
            let tree = try? JSONTree.parse(bytes, options: .init(json5: c.options.allowsJSON5, detectsDuplicateKeys: false))
            var node: NodeID?
            if let tree, !c.path.isEmpty {
                var resolver = CodingPathResolver(tree: tree, keys: .useDefaultKeys)
                node = resolver.resolve(c.path, from: tree.root).node
            }
            let expected = engine.decode(try schema.resolve(c.type), payload: bytes, at: c.path, options: c.options)
            let report = try compiled.decode(c.type, payloadPath: payloadPath, tree: tree, at: node, options: c.options)
            #expect(Harness.line(report) == Harness.line(expected), "\(c.name)")
            if let mine = report.errors.first, let theirs = expected.errors.first, theirs.realCause == nil {
                #expect(mine.node == theirs.node, "\(c.name): located elsewhere")
            }
        }
    }
}

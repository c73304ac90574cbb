import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodingEngine

/// The value compiled mode's runner gives, held to what the schema engine makes, on every synthesized
/// differential case that decodes (dates, decimals, URLs, data, dictionaries, enums, escaped strings):
/// the value JSON the runner writes itself (`check --format json`, no `DecodedValue` built), character
/// for character, and the value tree it sends (the explorer's value view), equal as values.
@Suite("Differential: the runner's value JSON matches DecodedValue.json")
struct CompiledValueJSONTests {
    @Test("every differential case that decodes: the same value text from the runner as from the schema engine")
    func runnerValueTextMatches() throws {
        let compared = try Self.eachDecodingCase { c, value, compiled, payloadPath, tree, node in
            let (report, json) = try compiled.decodeWithValueJSON(
                c.type, payloadPath: payloadPath, tree: tree, at: node, options: c.options)
            #expect(report.ok, "\(c.name)")
            #expect(report.value == nil, "\(c.name): no tree is built when the text is asked for")
            #expect(json.map { String(decoding: $0.bytes, as: UTF8.self) } == value.json, "\(c.name)")
        }
        #expect(compared > 20, "the corpus has decoding cases to compare")
    }

    @Test("every differential case that decodes: the runner's value tree equals the schema engine's")
    func runnerValueTreeMatches() throws {
        let compared = try Self.eachDecodingCase { c, value, compiled, payloadPath, tree, node in
            let report = try compiled.decode(c.type, payloadPath: payloadPath, tree: tree, at: node, options: c.options)
            #expect(report.ok, "\(c.name)")
            #expect(report.value == value, "\(c.name)")
        }
        #expect(compared > 20, "the corpus has decoding cases to compare")
    }

    /// Runs `body` on each differential case the schema engine decodes, with the engine's value, a
    /// compiled decoder of the corpus's models, the payload's file, its tree and the case's node;
    /// gives how many cases it ran.
    private static func eachDecodingCase(
        _ body: (DifferentialCase, DecodedValue, CompiledDecoder, String, JSONTree, NodeID?) throws -> Void
    ) throws -> Int {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-value-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let modelPath = folder.appendingPathComponent("Models.swift").path
        let text = "import Foundation\n" + Fixtures.models
        try text.write(toFile: modelPath, atomically: true, encoding: .utf8)
        let schema = Schema(sources: [ModelSource(path: modelPath, text: text)])
        let engine = DecodingEngine(schema: schema)
        let cases = DifferentialTests.cases
        var types: [String] = []
        for c in cases where !types.contains(c.type) { types.append(c.type) }
        let compiled = CompiledDecoder(models: schema.sources, typeExpressions: types, cacheFolder: folder.appendingPathComponent("cache"))
        var compared = 0
        for (i, c) in cases.enumerated() {
            let bytes = Array(c.payload.utf8)
            let expected = engine.decode(try schema.resolve(c.type), payload: bytes, at: c.path, options: c.options)
            guard expected.ok, let value = expected.value else { continue }
            let payloadPath = folder.appendingPathComponent("payload-\(i).json").path
            try Data(bytes).write(to: URL(fileURLWithPath: payloadPath))
            let tree = try JSONTree.parse(bytes, options: .init(json5: c.options.allowsJSON5, detectsDuplicateKeys: false))
            var node: NodeID?
            if !c.path.isEmpty {
                var resolver = CodingPathResolver(tree: tree, keys: .useDefaultKeys)
                node = resolver.resolve(c.path, from: tree.root).node
            }
            try body(c, value, compiled, payloadPath, tree, node)
            compared += 1
        }
        return compared
    }
}

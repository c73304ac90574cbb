import DecodingEngine
import Foundation
import JSONTree
import ModelInference
import ModelSchema
import Testing

@testable import ExplorerUI

/// `I` under attack (issue 11): links planted where it writes, and a payload whose inferred
/// type nests deeper than a model may.
@Suite struct InferKeySafetyTests {
    static func run(_ payload: [UInt8], keys: [Key], folder: URL) throws -> (ExplorerApp, RecordingBackend) {
        let state = ExplorerState(tree: try JSONTree.parse(payload), fileName: "payload.json")
        let backend = RecordingBackend(width: 120, height: 30, keys: keys)
        let app = ExplorerApp(
            state: state, backend: backend,
            services: ExplorerServices(
                decoder: InProcessDecodeService(payload: payload),
                loadModels: { setup in
                    var copy = setup; copy.reloadModels(); return copy
                },
                inferredModelsFolder: folder.path))
        app.run()
        return (app, backend)
    }

    @Test func linksPlantedAtTheTemporaryAndTheFinalNameAreNotFollowed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-infer-safe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim").path
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        // The name the temporary file used to have, and the final name, both links to the victim.
        #expect(symlink(victim, folder.appendingPathComponent(".Root.swift.\(getpid()).tmp").path) == 0)
        #expect(symlink(folder.appendingPathComponent("nowhere").path, folder.appendingPathComponent("Root.swift").path) == 0)

        let (app, _) = try Self.run(Array(#"[{"id": 1}]"#.utf8), keys: [.character("I")], folder: folder)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        let written = folder.appendingPathComponent("Root-2.swift").path
        #expect(app.state.decode.setup.modelPaths == [written])
        #expect(try String(contentsOfFile: written, encoding: .utf8).contains("struct Root"))
    }

    @Test func aPayloadNestedThirtyDeepIsRefusedWithTheReason() throws {
        #expect(ModelInferrer.squareDepthLimit == NestingLimit.squareDepth)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-infer-deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The 67-byte payload of the issue: before, `I` wrote the type and the explorer froze reading it.
        let payload = #"{"m":"# + String(repeating: "[", count: 30) + "1" + String(repeating: "]", count: 30) + "}"
        let (app, backend) = try Self.run(Array(payload.utf8), keys: [.character("I")], folder: folder)
        #expect(app.state.decode.setup.modelPaths.isEmpty)
        #expect(backend.frames.last!.text.contains("cannot infer models here: the type at $.m would nest 30 square brackets"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

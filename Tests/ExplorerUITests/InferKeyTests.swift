import DecodingEngine
import Foundation
import JSONTree
import Testing

@testable import ExplorerUI

/// `I`: models inferred for the node at the cursor are written to a new file, loaded, and
/// decode that node.
@Suite struct InferKeyTests {
    @Test func inferredModelsAreWrittenLoadedAndDecode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-infer-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Something is already called Products.swift: it must not be overwritten.
        try "// mine".write(to: folder.appendingPathComponent("Products.swift"), atomically: true, encoding: .utf8)

        let payload = Samples.payload("01-basics")
        let state = ExplorerState(tree: try JSONTree.parse(payload), fileName: "payload.json")
        // j j: "products"; I infers for it.
        let backend = RecordingBackend(width: 120, height: 30, keys: [.character("j"), .character("j"), .character("I")])
        let service = InProcessDecodeService(payload: payload)
        let app = ExplorerApp(
            state: state, backend: backend,
            services: ExplorerServices(
                decoder: service,
                loadModels: { setup in
                    var copy = setup; copy.reloadModels(); return copy
                },
                inferredModelsFolder: folder.path))
        app.run()

        let written = folder.appendingPathComponent("Products-2.swift").path
        #expect(try String(contentsOfFile: folder.appendingPathComponent("Products.swift").path, encoding: .utf8) == "// mine")
        let source = try String(contentsOfFile: written, encoding: .utf8)
        #expect(source.contains("func makeDecoder() -> JSONDecoder"))
        #expect(app.state.decode.setup.modelPaths == [written])
        #expect(service.requests.last?.path.description == "$.products")
        #expect(app.state.decode.overlay?.report.ok == true)
        #expect(backend.frames.last!.text.contains("✓ decodes"))
    }
}

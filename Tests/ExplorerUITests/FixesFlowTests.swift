import DecodingEngine
import Foundation
import JSONTree
import Testing

@testable import ExplorerUI

/// From an error to a written fix: the explanation and the best fix in the detail pane, `f`
/// lists the verified fixes with their diffs, Enter then y writes one atomically with a backup.
@Suite struct FixesFlowTests {
    @Test func aVerifiedFixIsShownThenWrittenWithABackup() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-fixes-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("Models.swift")
        let original = try String(contentsOfFile: Samples.model("01-basics"), encoding: .utf8)
        try original.write(to: model, atomically: true, encoding: .utf8)

        let payload = Samples.payload("01-basics")
        let setup = DecodeSetup.load(modelPaths: [model.path], typeExpression: "ProductCategory", options: DecodeOptions())
        let state = ExplorerState(tree: try JSONTree.parse(payload), fileName: "payload.json", decode: DecodeSession(setup: setup))
        let keys: [Key] = [.character("]"), .character("e"), .character("f"), .enter, .character("y")]
        let backend = RecordingBackend(width: 120, height: 40, keys: keys)
        let service = InProcessDecodeService(payload: payload)
        let app = ExplorerApp(
            state: state, backend: backend,
            services: ExplorerServices(
                decoder: service,
                loadModels: { setup in
                    var copy = setup; copy.reloadModels(); return copy
                }))
        app.run(initial: [.redecode])

        // After ]e: Foundation's words, then the best verified fix and the explanation.
        let detail = backend.frames[2].text
        #expect(detail.contains("fix: Make `description` optional: `String?`  ✓ verified: decodes"))
        #expect(detail.contains("expected: the key \"description\""))
        // f: the fixes with a diff against the user's file.
        let fixes = backend.frames[3].text
        #expect(fixes.contains("Fixes for keyNotFound at products[1]"))
        #expect(fixes.contains("-    let description: String"))
        #expect(fixes.contains("+    let description: String?"))
        // Enter asks first; y writes, keeping the old file.
        #expect(backend.frames[4].text.contains("/Models.swift? y writes, any other key cancels  (a backup is kept)"))
        let written = try String(contentsOf: model, encoding: .utf8)
        #expect(written.contains("let description: String?"))
        #expect(try String(contentsOfFile: model.path + ".orig", encoding: .utf8) == original)
        // The models were read again and decoded: the error is gone.
        #expect(app.state.decode.overlay?.report.ok == true)
        #expect(backend.frames.last!.text.contains("ProductCategory  ✓ decodes"))
        #expect(service.requests.count == 2)
    }
}

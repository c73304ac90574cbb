import DecodeWorker
import Foundation
import JSONTree
import ModelSchema
import TestSupport
import Testing

@testable import DecodingEngine
@testable import ExplorerUI

/// The detail pane and the stepping view on an error the model's own code caught (issue 39): the
/// error as Foundation threw it, where the model's code caught it and what became of the value, the
/// teaching (what was lost, the strict edit as verified); in stepping, the call that threw and the
/// call the catching code made, both marked. The report and the teaching are the worker's own, from
/// a real compiled decode of the lenient fixture, traced as the explorer asks.
@Suite(.serialized) struct CaughtDetailTests {
    /// The explorer after the worker's traced decode of ``CaughtMarksTests/payload`` into Feed, with
    /// its teaching (fixes verified) delivered; the model file's folder, for the snapshots.
    static func explorer(
        _ type: String = "Feed", payload: String = CaughtMarksTests.payload
    ) throws -> (state: ExplorerState, report: DecodeReport, folder: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("caught-detail-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let model = dir.appendingPathComponent("Lenient.swift")
        try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("caught-errors/Lenient.swift"), to: model)
        let payloadFile = dir.appendingPathComponent("payload.json")
        try payload.write(to: payloadFile, atomically: true, encoding: .utf8)
        var options = DecodeOptions()
        options.tracesCalls = true
        let client = DecodeClient(executable: BuiltProduct.codableExplorer, environment: ["XDG_CACHE_HOME": TestCache.folder.path])
        let run = client.run(
            DecodeJob(
                payloadPath: payloadFile.path, modelPaths: [model.path], typeExpression: type, options: options, mode: .auto,
                teaching: .fixes))
        var report = try #require(run.report, "\(String(describing: run.failure))")
        let teaching = try #require(run.teaching, "\(String(describing: run.failure))")
        report.value = nil
        let schema = try Schema.load(paths: [model.path])
        var setup = DecodeSetup(modelPaths: [model.path], schema: schema, typeExpression: type, options: options, mode: .auto)
        setup.options.tracesCalls = true
        var state = ExplorerState(
            tree: try JSONTree.parse(Array(payload.utf8)), fileName: "payload.json", decode: DecodeSession(setup: setup))
        guard case .startDecode(let request)? = state.perform(.redecode, treeRows: 20).last else { throw CancellationError() }
        _ = state.perform(.decodeNote(requestID: request.id, .decided(mode: .compiled, compileSeconds: nil)), treeRows: 20)
        _ = state.perform(.decodeFinished(requestID: request.id, .finished(report)), treeRows: 20)
        _ = state.perform(.lessonsFinished(requestID: request.id, teaching), treeRows: 20)
        return (state, report, dir.path + "/")
    }

    @Test("]c on a caught error: its detail and teaching in the pane, at 80x24 and 120x40")
    func detailPane() throws {
        var (state, report, folder) = try Self.explorer()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(state.decode.lessons?.caught.count == report.caught.count)
        _ = state.perform(.nextCaught, treeRows: 20)
        #expect(state.cursor.node == report.caught[0].error.node)
        for (width, height) in ScreenSnapshotTests.sizes {
            state.perform(.layout(Layout(width: width, height: height)))
            let frame = ScreenRenderer.render(state, width: width, height: height)
            assertSnapshot(frame.styledText.replacingOccurrences(of: folder, with: ""), named: "caught-detail.\(width)x\(height)")
            let text = frame.text.replacingOccurrences(of: folder, with: "")
            // The pane says the error, where it was caught, what was lost and the strict edit's verdict.
            #expect(text.contains("⊘ caught: typeMismatch at items[1].id"), "\(text)")
            #expect(text.contains("Expected to decode Int but found a string instead."), "\(text)")
            #expect(text.contains("LossyArray.init(from:)"), "\(text)")
            #expect(text.contains("1 of 3 elements dropped"), "\(text)")
            // The strict edit's verdict: in view at 120x40, a scroll away at 80x24.
            if height >= 40 { #expect(text.contains("the strict model throws typeMismatch"), "\(text)") }
        }
    }

    @Test("stepping: the call that threw and the call the catching code made are both shown, at 80x24 and 120x40")
    func stepping() throws {
        var (state, _, folder) = try Self.explorer()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = try #require(state.decode.overlay?.report.trace)
        // The first call that throws is the one LossyArray's code made and caught: decode(Item.self).
        let catcher = try #require(trace.firstIndex { if case .threw = $0.outcome { true } else { false } })
        #expect(trace[catcher].call == "decode(Item.self)")
        _ = state.perform(.openStepping, treeRows: 20)
        _ = state.perform(.step(.first), treeRows: 20)
        _ = state.perform(.step(.nextFailure), treeRows: 20)
        guard case .stepping(catcher) = state.mode else { Issue.record("at the catching call: \(state.mode)"); return }
        for (width, height) in ScreenSnapshotTests.sizes {
            state.perform(.layout(Layout(width: width, height: height)))
            let frame = ScreenRenderer.render(state, width: width, height: height)
            assertSnapshot(frame.styledText.replacingOccurrences(of: folder, with: ""), named: "caught-stepping.\(width)x\(height)")
            let lines = frame.text.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.contains("decode(Int.self") && $0.contains("⊘ throws typeMismatch") }, "\(frame.text)")
            // With room, LossyArray's own init(from:) above, the line that caught it highlighted.
            if height >= 40 {
                #expect(lines.contains { $0.hasPrefix("▶") && $0.contains("let value = try container.decode(T.self)") }, "\(frame.text)")
            }
            // The catcher and, with room, the line of its code.
            let caughtBy = height >= 40 ? "⊘ caught by LossyArray at Lenient.swift:21" : "⊘ caught by LossyArray"
            #expect(lines.contains { $0.contains("decode(Item.self)") && $0.contains(caughtBy) }, "\(frame.text)")
        }
    }

    @Test("stepping a hand-written init(from:): every call whose error it caught is marked ⊘ with its line, a number that does not fit too")
    func steppingHandWritten() throws {
        let payload = #"{"name": "a", "nickname": null, "age": "7", "score": "high", "rank": 1.5, "motto": null}"#
        var (state, report, folder) = try Self.explorer("Profile", payload: payload)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(report.caught.map(\.error.kind) == [.valueNotFound, .typeMismatch, .typeMismatch, .dataCorrupted])
        _ = state.perform(.openStepping, treeRows: 20)
        state.perform(.layout(Layout(width: 160, height: 40)))
        let lines = ScreenRenderer.render(state, width: 160, height: 40).text.split(separator: "\n").map(String.init)
        // Each caught call names the catcher and the line of Lenient.swift that caught it; none is ✖.
        let model = try String(contentsOf: Repository.fixtures.appendingPathComponent("caught-errors/Lenient.swift"), encoding: .utf8)
        let numbered = model.split(separator: "\n", omittingEmptySubsequences: false)
        for key in ["nickname", "age", "score", "rank"] {
            let line = try #require(numbered.firstIndex { $0.contains("forKey: .\(key))") && $0.contains("caught:") }) + 1
            #expect(
                lines.contains { $0.contains("forKey: \"\(key)\")") && $0.contains("⊘ caught by Profile at Lenient.swift:\(line)") },
                "\(key) at \(line):\n\(lines.joined(separator: "\n"))")
        }
        #expect(!lines.contains { $0.contains("✖") }, "\(lines.joined(separator: "\n"))")
    }
}

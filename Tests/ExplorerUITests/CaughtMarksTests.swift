import DecodeWorker
import Foundation
import JSONTree
import TestSupport
import Testing

@testable import DecodingEngine
@testable import ExplorerUI

/// The explorer shows what the model's own code caught (issue 39): each caught error on its node
/// with its own mark (`⊘`, neither `✖` nor `⚠`) and a note saying what became of the value, and the
/// header counts them (`✓ decodes · 4 caught`). The report is the worker's own, from a real compiled
/// decode of the lenient fixture, as the explorer gets it.
@Suite(.serialized) struct CaughtMarksTests {
    static let payload = """
        {
          "items": [
            {"id": 1},
            {"id": "x"},
            {"id": 3}
          ],
          "isActive": "yes",
          "count": "42"
        }
        """

    @Test("caught errors drawn on their nodes with their own mark, counted in the header, at 80x24 and 120x40")
    func caughtMarks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("caught-marks-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = dir.appendingPathComponent("Lenient.swift")
        try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("caught-errors/Lenient.swift"), to: model)
        let payloadFile = dir.appendingPathComponent("payload.json")
        try Self.payload.write(to: payloadFile, atomically: true, encoding: .utf8)
        let client = DecodeClient(executable: BuiltProduct.codableExplorer, environment: ["XDG_CACHE_HOME": TestCache.folder.path])
        let run = client.run(DecodeJob(payloadPath: payloadFile.path, modelPaths: [model.path], typeExpression: "Feed", mode: .auto))
        var report = try #require(run.report, "\(String(describing: run.failure))")
        #expect(report.ok)
        #expect(report.caught.count == 3)
        report.value = nil
        var (state, request) = try ExplorerState.startingDecode(
            of: Self.payload, DecodeSetup(modelPaths: [model.path], typeExpression: "Feed", mode: .auto))
        _ = state.perform(.decodeFinished(requestID: request.id, .finished(report)), treeRows: 20)
        for (width, height) in ScreenSnapshotTests.sizes {
            state.perform(.layout(Layout(width: width, height: height)))
            let frame = ScreenRenderer.render(state, width: width, height: height).styledText
            assertSnapshot(frame.replacingOccurrences(of: dir.path + "/", with: ""), named: "caught-errors.\(width)x\(height)")
        }
        // ]c goes from one to the next, in document order, and wraps; [c goes back.
        let caught = report.caught.compactMap(\.error.node).sorted()
        var visited: [NodeID] = []
        for _ in 0..<4 {
            _ = state.perform(.nextCaught, treeRows: 20)
            visited.append(state.cursor.node)
        }
        #expect(visited == caught + [caught[0]])
        #expect(state.status?.text.hasPrefix("caught error 1 of 3") == true, "\(String(describing: state.status))")
        _ = state.perform(.previousCaught, treeRows: 20)
        #expect(state.cursor.node == caught[2])
    }
}

import Foundation
import JSONTree
import Teaching
import Testing

@testable import DecodingEngine
@testable import ExplorerUI

/// The worker sends the verdict first and the decoded value after it: the explorer shows the
/// verdict at once, the value view says the value is on its way, then shows it; a value that
/// arrives for a decode no longer on screen is dropped.
@Suite struct ValueAfterVerdictTests {
    static let payload = #"{"id": 7, "name": "Ça va"}"#

    static func running() throws -> (ExplorerState, DecodeRequest) {
        let setup = DecodeSetup(modelPaths: ["Models.swift"], typeExpression: "Product")
        var state = ExplorerState(
            tree: try JSONTree.parse(Array(payload.utf8)), fileName: "payload.json", decode: DecodeSession(setup: setup))
        let effects = state.perform(.redecode, treeRows: 20)
        guard case .startDecode(let request)? = effects.last else {
            Issue.record("no decode started: \(effects)")
            throw CancellationError()
        }
        return (state, request)
    }

    static let value: DecodedValue = .object(type: "Product", [.init("id", .signed(7)), .init("name", .string("Ça va"))])

    static func detail(_ state: ExplorerState) -> String {
        let lines = ScreenRenderer.render(state, width: 80, height: 24).text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.filter { $0.hasPrefix(" value") }.joined(separator: "\n")
    }

    @Test("the verdict is drawn before the value arrives; the value view says it is coming, then shows it")
    func verdictThenValue() throws {
        var (state, request) = try Self.running()
        _ = state.perform(.decodeNote(requestID: request.id, .valueFollows), treeRows: 20)
        _ = state.perform(.decodeFinished(requestID: request.id, .finished(DecodeReport(errors: [], value: nil))), treeRows: 20)
        #expect(state.decode.overlay?.report.ok == true)
        _ = state.perform(.cycleDetail, treeRows: 20)
        #expect(Self.detail(state).contains("value: reading the decoded value from the worker…"), "\(Self.detail(state))")

        _ = state.perform(.decodeNote(requestID: request.id, .value(Self.value)), treeRows: 20)
        #expect(state.decode.overlay?.report.value == Self.value)
        #expect(!state.decode.valuePending)
        #expect(!Self.detail(state).contains("reading"), "\(Self.detail(state))")
    }

    @Test("a value for an older decode is not put on the newer verdict")
    func staleValueDropped() throws {
        var (state, first) = try Self.running()
        _ = state.perform(.decodeNote(requestID: first.id, .valueFollows), treeRows: 20)
        _ = state.perform(.decodeFinished(requestID: first.id, .finished(DecodeReport(errors: [], value: nil))), treeRows: 20)
        let effects = state.perform(.redecode, treeRows: 20)
        guard case .startDecode(let second)? = effects.last else {
            Issue.record("no second decode: \(effects)")
            return
        }
        _ = state.perform(.decodeNote(requestID: second.id, .valueFollows), treeRows: 20)
        _ = state.perform(.decodeFinished(requestID: second.id, .finished(DecodeReport(errors: [], value: nil))), treeRows: 20)
        _ = state.perform(.decodeNote(requestID: first.id, .value(.string("stale"))), treeRows: 20)
        #expect(state.decode.overlay?.report.value == nil)
        #expect(state.decode.valuePending)
        _ = state.perform(.decodeNote(requestID: second.id, .value(Self.value)), treeRows: 20)
        #expect(state.decode.overlay?.report.value == Self.value)
    }

    @Test("a service that sends the value with the verdict leaves nothing pending")
    func valueWithTheVerdict() throws {
        var (state, request) = try Self.running()
        _ = state.perform(.decodeFinished(requestID: request.id, .finished(DecodeReport(errors: [], value: Self.value))), treeRows: 20)
        #expect(!state.decode.valuePending)
        #expect(state.decode.overlay?.report.value == Self.value)
    }
}

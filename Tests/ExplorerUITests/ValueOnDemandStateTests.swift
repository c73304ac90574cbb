import DecodeWorker
import Foundation
import JSONTree
import Teaching
import Testing

@testable import DecodingEngine
@testable import ExplorerUI

/// The decoded value stays in the worker; the value view asks it about the cursor's node: the
/// verdict is drawn at once, the view says it is reading the value until the answer comes, asks
/// again when the cursor moves, and drops an answer about a node it has left.
@Suite struct ValueOnDemandStateTests {
    static let payload = #"{"id": 7, "name": "Ça va"}"#

    /// A state whose decode of `Product` at the root has finished, without its value.
    static func decoded() throws -> (ExplorerState, DecodeRequest) {
        var (state, request) = try ExplorerState.startingDecode(
            of: payload, DecodeSetup(modelPaths: ["Models.swift"], typeExpression: "Product"))
        _ = state.perform(.decodeFinished(requestID: request.id, .finished(DecodeReport(errors: [], value: nil))), treeRows: 20)
        return (state, request)
    }

    /// The value queries among effects.
    static func asked(_ effects: [Effect]) -> [(ValueQuery, decode: Int)] {
        effects.compactMap { if case .askValue(let query, let decode) = $0 { (query, decode) } else { nil } }
    }

    /// The detail pane: the screen below its rule.
    static func detail(_ state: ExplorerState) -> String {
        let lines = ScreenRenderer.render(state, width: 80, height: 24).text.split(separator: "\n", omittingEmptySubsequences: false)
        let rule = lines.lastIndex { $0.contains("────") } ?? 0
        return lines[(rule + 1)...].joined(separator: "\n")
    }

    @Test("Tab asks for the cursor's node; the view says it is reading the value, then shows the answer")
    func askThenShow() throws {
        var (state, request) = try Self.decoded()
        #expect(state.decode.overlay?.report.ok == true, "the verdict is on screen before any value")
        let effects = state.perform(.cycleDetail, treeRows: 20)
        let asked = Self.asked(effects)
        try #require(asked.count == 1, "\(effects)")
        #expect(asked[0].decode == request.id)
        #expect(asked[0].0.path == .root, "the cursor is on the decode root")
        #expect(Self.detail(state).contains("value: reading the value…"), "\(Self.detail(state))")

        let value = NodeValue(text: #"Product(id: 7, name: "Ça va")"#)
        _ = state.perform(.valueAnswered(query: asked[0].0.id, .value(value)), treeRows: 20)
        #expect(Self.detail(state).contains(#"Product(id: 7, name: "Ça va")"#), "\(Self.detail(state))")
        #expect(!Self.detail(state).contains("reading"), "\(Self.detail(state))")
        #expect(Self.asked(state.perform(.clearStatus, treeRows: 20)).isEmpty, "the same node is not asked about twice")
    }

    @Test("moving the cursor asks about the new node; a late answer about the node left is dropped")
    func staleAnswerDropped() throws {
        var (state, _) = try Self.decoded()
        let first = try #require(Self.asked(state.perform(.cycleDetail, treeRows: 20)).first)
        let second = try #require(Self.asked(state.perform(.moveDown, treeRows: 20)).first)
        #expect(second.0.path == NodePath([.key("id")]))
        #expect(second.0.id != first.0.id)
        _ = state.perform(.valueAnswered(query: first.0.id, .value(NodeValue(text: "Product(…)"))), treeRows: 20)
        #expect(Self.detail(state).contains("reading the value…"), "\(Self.detail(state))")
        _ = state.perform(.valueAnswered(query: second.0.id, .value(NodeValue(text: "7"))), treeRows: 20)
        #expect(Self.detail(state).contains(" 7"), "\(Self.detail(state))")
    }

    @Test("a value cut short ends with …; a node the model did not read says so; a gone worker says why")
    func answersAsShown() throws {
        var (state, _) = try Self.decoded()
        let query = try #require(Self.asked(state.perform(.cycleDetail, treeRows: 20)).first).0
        _ = state.perform(.valueAnswered(query: query.id, .value(NodeValue(text: "[1, 2, 3", isTruncated: true))), treeRows: 20)
        #expect(Self.detail(state).contains("[1, 2, 3…"), "\(Self.detail(state))")

        let next = try #require(Self.asked(state.perform(.moveDown, treeRows: 20)).first).0
        _ = state.perform(.valueAnswered(query: next.id, .notDecoded), treeRows: 20)
        #expect(Self.detail(state).contains("this node is not part of the decoded value"), "\(Self.detail(state))")

        let last = try #require(Self.asked(state.perform(.moveDown, treeRows: 20)).first).0
        _ = state.perform(
            .valueAnswered(query: last.id, .unavailable("the decoding worker crashed (signal 11) after its verdict")), treeRows: 20)
        #expect(Self.detail(state).contains("value: the decoding worker crashed (signal 11)"), "\(Self.detail(state))")
    }

    @Test("nothing is asked while a decode runs; its verdict asks again about the same node")
    func newDecodeAsksAgain() throws {
        var (state, first) = try Self.decoded()
        _ = state.perform(.cycleDetail, treeRows: 20)
        let effects = state.perform(.redecode, treeRows: 20)
        guard case .startDecode(let second)? = effects.last else {
            Issue.record("no second decode: \(effects)")
            return
        }
        #expect(Self.asked(effects).isEmpty, "the running decode's worker answers for its own verdict")
        let finished = state.perform(.decodeFinished(requestID: second.id, .finished(DecodeReport(errors: [], value: nil))), treeRows: 20)
        let asked = Self.asked(finished)
        #expect(asked.count == 1 && asked.first?.decode == second.id && second.id != first.id, "\(finished)")
    }

    @Test("a node outside the decoded part is answered here, without a question")
    func outsideTheRoot() throws {
        var (state, _) = try Self.decoded()
        _ = state.perform(.moveDown, treeRows: 20)
        _ = state.perform(.decodeHere, treeRows: 20)  // decode at "id"
        guard case .running(let request) = state.decode.phase else {
            Issue.record("no decode at the member")
            return
        }
        _ = state.perform(.decodeFinished(requestID: request.id, .finished(DecodeReport(errors: [], value: nil))), treeRows: 20)
        _ = state.perform(.first, treeRows: 20)
        #expect(Self.asked(state.perform(.cycleDetail, treeRows: 20)).isEmpty)
        #expect(Self.detail(state).contains("this node is not part of the decoded value"), "\(Self.detail(state))")
    }
}

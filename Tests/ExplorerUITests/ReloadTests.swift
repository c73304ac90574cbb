import DecodingEngine
import JSONTree
import Testing

@testable import ExplorerUI

/// A payload saved again on disk: the cursor and the unfolded containers stay where the
/// same paths lead, and what was decoded is decoded again.
@Suite struct ReloadTests {
    static let before = #"{"a": 1, "items": [{"id": 1, "tags": ["x"]}, {"id": 2, "tags": ["y", "z"]}]}"#
    // A new key in front moves every node id; the paths stay.
    static let after = #"{"new": {"k": [1, 2, 3]}, "a": 1, "items": [{"id": 1, "tags": ["x"]}, {"id": 2, "tags": ["y", "z", "w"]}]}"#

    @Test func theCursorAndTheFoldsFollowTheirPaths() throws {
        var state = ExplorerState(tree: try JSONTree.parse(Array(Self.before.utf8)), fileName: "p.json")
        let tree = state.tree
        // Go to items[1].tags[1] through the reducer (revealing unfolds its ancestors).
        let target = try #require(try NodePath(parsing: "items[1].tags[1]").resolve(in: tree).get())
        state.perform(.reveal(target), treeRows: 20)
        #expect(state.cursorPath.description == "$.items[1].tags[1]")

        let newTree = try JSONTree.parse(Array(Self.after.utf8))
        state.perform(.payloadReloaded(Loaded(ReloadedPayload(tree: newTree, byteCount: Self.after.utf8.count), number: 1)), treeRows: 20)
        #expect(state.cursorPath.description == "$.items[1].tags[1]")
        #expect(state.tree.rawText(state.cursor.node) == "\"z\"")
        let tags = try #require(try NodePath(parsing: "items[1].tags").resolve(in: newTree).get())
        #expect(state.folds.isExpanded(tags))
        // A container that was not open before stays folded.
        let new = try #require(try NodePath(parsing: "new").resolve(in: newTree).get())
        #expect(!state.folds.isExpanded(new))
        #expect(ScreenRenderer.render(state, width: 60, height: 20).text.contains("payload reloaded"))
    }

    @Test func aPathThatIsGoneLeavesTheCursorOnTheNearestAncestor() throws {
        var state = ExplorerState(tree: try JSONTree.parse(Array(Self.after.utf8)), fileName: "p.json")
        let target = try #require(try NodePath(parsing: "items[1].tags[2]").resolve(in: state.tree).get())
        state.perform(.reveal(target), treeRows: 20)
        let shorter = try JSONTree.parse(Array(Self.before.utf8))
        state.perform(.payloadReloaded(Loaded(ReloadedPayload(tree: shorter, byteCount: 0), number: 1)), treeRows: 20)
        #expect(state.cursorPath.description == "$.items[1].tags")
    }

    @Test func aDecodedPayloadIsDecodedAgainAfterAReload() throws {
        let setup = DecodeSetup.load(modelPaths: [Samples.model("01-basics")], typeExpression: "ProductCategory", options: DecodeOptions())
        var state = ExplorerState(
            tree: try JSONTree.parse(Samples.payload("01-basics")), fileName: "p.json", decode: DecodeSession(setup: setup))
        guard case .startDecode(let request)? = state.perform(.redecode, treeRows: 10).first else { Issue.record("no decode"); return }
        state.perform(
            .decodeFinished(requestID: request.id, InProcessDecodeService.decode(request, payload: Samples.payload("01-basics"))),
            treeRows: 10)
        #expect(state.decode.overlay != nil)
        let effects = state.perform(
            .payloadReloaded(Loaded(ReloadedPayload(tree: try JSONTree.parse(Samples.payload("01-basics")), byteCount: 0), number: 2)),
            treeRows: 10)
        #expect(effects.contains { if case .startDecode = $0 { true } else { false } })
        #expect(state.decode.overlay == nil)
    }
}

import DecodingEngine
import Foundation
import JSONTree
import Testing

@testable import ExplorerUI

/// Enter re-roots the decode, which surprises fx users (there Enter only opens a node): the
/// change is said on the status line and in the header, and Ctrl-o puts the old root back.
@Suite struct DecodeRootJumpTests {
    static func events(_ keys: [Key]) -> [InputEvent] { keys.map { .key($0) } }

    /// A sample in the explorer with an in-process decoder; `initialDecode` decodes at the root first.
    static func app(
        _ scenario: String, type: String, events: [InputEvent], width: Int, initialDecode: Bool = true
    )
        throws -> (RecordingBackend, ExplorerApp, InProcessDecodeService)
    {
        let payload = Samples.payload(scenario)
        let setup = DecodeSetup.load(modelPaths: [Samples.model(scenario)], typeExpression: type, options: DecodeOptions())
        let state = ExplorerState(tree: try JSONTree.parse(payload), fileName: "payload.json", decode: DecodeSession(setup: setup))
        let backend = RecordingBackend(width: width, height: 30, events: events)
        let service = InProcessDecodeService(payload: payload)
        let app = ExplorerApp(state: state, backend: backend, services: ExplorerServices(decoder: service))
        app.run(initial: initialDecode ? [.redecode] : [])
        return (backend, app, service)
    }
    static func text(_ s: String) -> [Key] { s.map { .character($0) } }

    @Test func enterSaysTheRootMovedAndCtrlOPutsItBack() throws {
        let keys = Self.text(":products[1]") + [.enter, .enter, .control("o")]
        let (backend, app, _) = try Self.app("01-basics", type: "Product", events: Self.events(keys), width: 120, initialDecode: true)
        // The first decode, at the root: a ProductCategory is not a Product.
        let atRoot = backend.frames[1].text.split(separator: "\n")[0]
        #expect(atRoot.contains("Product  ✖"))
        #expect(!atRoot.contains("@$"))
        // Enter on products[1]: decoded there, and the screen says so.
        let rerooted = backend.frames[backend.frames.count - 2].text.split(separator: "\n").map(String.init)
        #expect(rerooted[0].contains("@$.products[1]  Product  ✖ 1 error"))
        #expect(rerooted.last == " decode root is now $.products[1] (was $); Ctrl-o goes back")
        // Ctrl-o: the decode root back at $, decoded there again; the cursor stays where Enter was pressed.
        let back = backend.frames.last!.text.split(separator: "\n").map(String.init)
        #expect(app.state.decode.root == app.state.tree.root)
        #expect(!back[0].contains("@$"))
        #expect(app.state.cursorPath.description == "$.products[1]")
        #expect(back[0].contains("Product  ✖"))
        #expect(app.state.decode.overlay?.root == app.state.tree.root)
    }

    @Test func ctrlOBeforeAnyDecodeUndoesTheFirstEnter() throws {
        let keys = Self.text(":products[0]") + [.enter, .enter, .control("o")]
        let (backend, app, _) = try Self.app("01-basics", type: "Product", events: Self.events(keys), width: 120, initialDecode: false)
        #expect(backend.frames[backend.frames.count - 2].text.contains("Product  ✓ decodes"))
        #expect(app.state.decode.root == nil)
        #expect(app.state.decode.overlay == nil)
        #expect(app.state.status?.text == "decode undone: back to before the first Enter")
    }

    @Test func enterWithoutAModelKeepsSayingWhy() throws {
        var state = ExplorerState(tree: try JSONTree.parse(Array("{\"a\": [1]}".utf8)), fileName: "p.json")
        state.perform(.moveDown, treeRows: 20)
        state.perform(.decodeHere, treeRows: 20)
        #expect(state.status == StatusMessage("no model: start with --model FILE|DIR to decode", tone: .error))
        #expect(state.viewer.jumps.places.isEmpty)
    }
}

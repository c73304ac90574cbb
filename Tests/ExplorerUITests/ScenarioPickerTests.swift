import Foundation
import JSONTree
import Testing

@testable import ExplorerUI

/// `S`: the tour's scenarios, the current one highlighted, its ABOUT.md beside the list.
@Suite struct ScenarioPickerTests {
    static let entries = [
        ScenarioPicker.Entry(
            name: "01-basics", title: "Basics", about: "# Basics\n\nDecode `A` at the root.\nThe second line joins the first.",
            payloadPath: "/s/01-basics/payload.json"),
        ScenarioPicker.Entry(
            name: "02-keys", title: "CodingKeys", about: "# CodingKeys\n\nRenamed keys.", payloadPath: "/s/02-keys/payload.json"),
    ]

    static func type(_ keys: [Key], into state: inout ExplorerState) -> [Effect] {
        var effects: [Effect] = []
        for key in keys {
            for action in state.actions(for: .key(key), keyMap: .standard) { effects += state.perform(action, treeRows: 20) }
        }
        return effects
    }

    @Test func pickAScenarioAfterReadingItsAbout() throws {
        var state = ExplorerState(tree: try JSONTree.parse(Array("[1]".utf8)), fileName: "/s/02-keys/payload.json")
        state.scenarios = Self.entries
        _ = Self.type([.character("S")], into: &state)
        guard case .scenarios(let picker) = state.mode else {
            Issue.record("S opens the picker")
            return
        }
        #expect(picker.selection == 1)
        _ = Self.type([.character("k")], into: &state)
        // The ABOUT's hard-wrapped lines read as one paragraph, wrapped to the room there is.
        let screen = ScreenRenderer.render(state, width: 140, height: 24).text
        #expect(screen.contains(" 01  Basics"))
        #expect(screen.contains("Decode `A` at the root. The second line joins the first."))
        #expect(Self.type([.enter], into: &state) == [.switchPayload("/s/01-basics/payload.json")])
        #expect(state.mode == .browse)
    }

    @Test func withoutATourTheKeySaysWhereItIs() throws {
        var state = ExplorerState(tree: try JSONTree.parse(Array("[1]".utf8)), fileName: "p.json")
        _ = Self.type([.character("S")], into: &state)
        #expect(state.mode == .browse)
        #expect(state.status?.tone == .error)
    }

    @Test func theRunEndsWithThePayloadToOpenNext() throws {
        var state = ExplorerState(tree: try JSONTree.parse(Array("[1]".utf8)), fileName: "/s/01-basics/payload.json")
        state.scenarios = Self.entries
        let backend = RecordingBackend(width: 80, height: 24, keys: [.character("S"), .character("j"), .enter, .character("j")])
        let app = ExplorerApp(state: state, backend: backend)
        app.run()
        #expect(app.nextPayload == "/s/02-keys/payload.json")
        #expect(backend.isShutDown)
    }
}

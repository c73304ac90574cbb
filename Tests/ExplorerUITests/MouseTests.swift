import JSONTree
import Testing

@testable import ExplorerUI

/// Mouse events map to rows through the layout and a walk from the top row.
@Suite struct MouseTests {
    static let payload = #"{"category": "Soap", "products": [{"name": "a"}, {"name": "b"}], "n": 1}"#

    static func state(height: Int = 12) throws -> ExplorerState {
        var state = ExplorerState(tree: try JSONTree.parse(Array(payload.utf8)), fileName: "p.json")
        state.perform(.layout(Layout(width: 60, height: height)))
        return state
    }

    static func run(_ events: [InputEvent], width: Int = 60, height: Int = 12) throws -> RecordingBackend {
        let backend = RecordingBackend(width: width, height: height, events: events)
        ExplorerApp(state: try state(height: height), backend: backend).run()
        return backend
    }

    @Test func aClickPutsTheCursorOnTheRowUnderIt() throws {
        // Screen line 3 is the third tree row: "products".
        let backend = try Self.run([.mouse(MouseEvent(x: 10, y: 3, kind: .click))])
        #expect(backend.frames.last!.text.split(separator: "\n")[0].hasSuffix("$.products"))
    }

    @Test func aClickOnTheFoldMarkerFolds() throws {
        let backend = try Self.run([.mouse(MouseEvent(x: 2, y: 3, kind: .click))])
        let lines = backend.frames.last!.text.split(separator: "\n")
        #expect(lines[3].hasPrefix("  ▸ \"products\": […] 2 items"))
    }
}

extension MouseTests {
    @Test func aDoubleClickTogglesTheFold() throws {
        let backend = try Self.run([
            .mouse(MouseEvent(x: 20, y: 3, kind: .click)),
            .mouse(MouseEvent(x: 20, y: 3, kind: .doubleClick)),
        ])
        #expect(backend.frames[1].text.split(separator: "\n")[3].hasPrefix("  ▾ \"products\": ["))
        #expect(backend.frames[2].text.split(separator: "\n")[3].hasPrefix("  ▸ \"products\": […]"))
    }

    @Test func clicksOutsideTheTreeDoNothing() throws {
        var state = try Self.state()
        // The header, the rule and the detail pane, and a line below the last row.
        for y in [0, 9, 10, 11] {
            #expect(state.mouseActions(for: MouseEvent(x: 4, y: y, kind: .click)).isEmpty)
        }
        state.mode = .prompt(Prompt(.search))
        #expect(state.mouseActions(for: MouseEvent(x: 4, y: 2, kind: .click)).isEmpty)
    }

    @Test func aClickOnAClosingBracketSelectsIt() throws {
        var state = try Self.state()
        // Rows: { / category / products [ / {…} / {…} / ] / n / } ; line 6 is "]".
        #expect(state.mouseActions(for: MouseEvent(x: 4, y: 6, kind: .click)) == [.select(Row(node: 2, isClose: true))])
        state.perform(.select(Row(node: 2, isClose: true)), treeRows: 8)
        #expect(state.cursorPath.description == "$.products")
    }

    @Test func theWheelScrollsTheViewAndTheCursorOnlyAsFarAsItMust() throws {
        let json = "[" + (0..<100).map(String.init).joined(separator: ",") + "]"
        var state = ExplorerState(tree: try JSONTree.parse(Array(json.utf8)), fileName: "n.json")
        state.perform(.layout(Layout(width: 40, height: 24)))
        let height = state.viewport.treeHeight
        state.perform(.moveDown)
        state.perform(.moveDown)
        #expect(state.mouseActions(for: MouseEvent(x: 0, y: 5, kind: .wheelDown)) == [.scrollView(3)])
        // The view moves three rows; the cursor (row 2) would leave the top margin: it follows.
        state.perform(.scrollView(3))
        #expect(state.top == Row(node: 3))
        #expect(state.cursor == Row(node: 6))
        // Back up: the cursor is still on screen within the margins, so it stays.
        state.perform(.scrollView(-3))
        #expect(state.top == Row(node: 0))
        #expect(state.cursor == Row(node: 6))
        // Far down: the view stops with the last row at the bottom.
        for _ in 0..<50 { state.perform(.scrollView(3)) }
        let screen = ScreenRenderer.render(state, width: 40, height: 24)
        let treeLines = screen.text.split(separator: "\n", omittingEmptySubsequences: false)[1...height]
        #expect(treeLines.last == "  ]")
        #expect(treeLines.filter { $0.contains("99") }.count == 1)
    }
}

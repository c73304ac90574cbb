import JSONTree
import Testing

@testable import ExplorerUI

/// What the tree looks like: folding, previews, hostile text, wide characters.
@Suite struct TreeRendererTests {
    static func render(_ json: String, width: Int = 60, height: Int = 10, _ actions: [Action] = []) throws -> Screen {
        var state = ExplorerState(tree: try JSONTree.parse(Array(json.utf8)), fileName: "t.json")
        for action in actions { state.perform(action, treeRows: height) }
        var screen = Screen(width: width, height: height)
        TreeRenderer(state: state).draw(into: &screen, top: 0, height: height)
        return screen
    }

    @Test func foldedContainersShowCountAndPreview() throws {
        let screen = try Self.render(
            #"{"user": {"id": 1, "name": "Ada"}, "tags": ["a", "b", "c"], "n": 4.50}"#, height: 9, [.moveDown, .toggleFold])
        #expect(
            screen.text == """
                ▾ {
                  ▸ "user": {…} 2 keys  {"id": 1, "name": "Ada"}
                  ▾ "tags": [
                      "a"
                      "b"
                      "c"
                    ]
                    "n": 4.50
                  }
                """)
    }

    @Test func hostileTextIsShownEscapedInItsOwnStyle() throws {
        // A key that tries to retitle the window (escaped in the source) and a value that
        // holds a raw right-to-left override.
        let screen = try Self.render("{\"k\\u001b]0;x\\u0007\": \"a\u{202E}b\"}", width: 40, height: 3)
        let line = screen.styledText.split(separator: "\n")[1]
        #expect(line.contains("[x]\\u{1B}[/]"))
        #expect(line.contains("[x]\\u{202E}[/]"))
        #expect(!screen.text.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" })
    }

    @Test func longStringsAreCutAtTheEdge() throws {
        let screen = try Self.render("[\"" + String(repeating: "x", count: 100) + "\"]", width: 30, height: 3)
        let line = String(screen.text.split(separator: "\n")[1])
        #expect(line.hasSuffix("…"))
        #expect(DisplayWidth.of(line) == 30)
    }

    @Test func theCursorStaysOnScreenWhenMovingPastTheBottom() throws {
        let json = "[" + (0..<100).map(String.init).joined(separator: ",") + "]"
        let screen = try Self.render(json, width: 20, height: 5, Array(repeating: .moveDown, count: 50))
        let cursorRows = (0..<5).filter { y in screen[2, y].style == .cursor }
        #expect(cursorRows.count == 1)
        #expect(screen.text.split(separator: "\n").contains("    49"))
    }
}

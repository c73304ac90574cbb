import DecodingEngine
import Foundation
import JSONTree
import Testing

@testable import ExplorerUI

/// The keys jless and fx users reach for, each as state before and after, through the same
/// path a key takes (`actions(for:)` then `perform`), so a binding that is missing fails too.
@Suite struct ViewerKeysTests {
    static let payload = """
        {
          "a": {"x": 1, "y": {"deep": [1, 2]}},
          "b": {"x": 2},
          "list": [10, 20, 30, 40, 50, 60, 70, 80],
          "weird key": {"k.1": "v"}
        }
        """

    static func state(_ text: String = payload, height: Int = 40) throws -> ExplorerState {
        var state = ExplorerState(tree: try JSONTree.parse(Array(text.utf8)), fileName: "p.json")
        state.perform(.layout(Layout(width: 100, height: height)))
        return state
    }

    /// Types keys as the run loop does: each event to actions, each action performed.
    @discardableResult
    static func type(_ keys: [Key], into state: inout ExplorerState, keyMap: KeyMap = .standard) -> [Effect] {
        var effects: [Effect] = []
        for key in keys {
            for action in state.actions(for: .key(key), keyMap: keyMap) {
                effects += state.perform(action)
            }
        }
        return effects
    }

    static func keys(_ text: String) -> [Key] { text.map { .character($0) } }

    static func go(_ path: String, _ state: inout ExplorerState) {
        state.perform(.submitPrompt(Prompt(.goTo, text: path)), treeRows: 30)
    }

    @Test func aCountRepeatsAMove() throws {
        var state = try Self.state()
        Self.go("list[0]", &state)
        Self.type(Self.keys("5j"), into: &state)
        #expect(state.cursorPath.description == "$.list[5]")
        Self.type(Self.keys("12k"), into: &state)
        // Twelve rows up from list[5]: list[4]…list[0] (5), "list", b's `}`, b.x, "b" (9),
        // a's `}`, a.y (folded), a.x (12).
        #expect(state.viewer.pendingCount == nil)
        #expect(state.cursorPath.description == "$.a.x")
    }

    @Test func aCountRepeatsSiblingMovesAndAZeroAloneDoesNothing() throws {
        var state = try Self.state()
        Self.go("a", &state)
        Self.type(Self.keys("3J"), into: &state)
        #expect(state.cursorPath.description == #"$["weird key"]"#)
        Self.type(Self.keys("2K"), into: &state)
        #expect(state.cursorPath.description == "$.b")
        // `0` does not start a count; `10` is ten.
        Self.type(Self.keys("0"), into: &state)
        #expect(state.viewer.pendingCount == nil)
        Self.go("list[0]", &state)
        Self.type(Self.keys("10j"), into: &state)
        // list[1]…list[7] (7), the list's `]`, "weird key", its "k.1" (10).
        #expect(state.cursorPath.description == #"$["weird key"]["k.1"]"#)
    }

    /// `15000j` goes 15,000 rows, not 10,000 (the old cap, said nowhere); a count no move is
    /// repeated for whole (`20000J`) says how far it went.
    @Test func aLargeCountIsTakenWholeOrSaid() throws {
        let items = (0..<20_000).map(String.init).joined(separator: ",")
        var state = try Self.state("[" + items + "]")
        Self.type(Self.keys("15000j"), into: &state)
        #expect(state.cursorPath.description == "$[14999]")
        Self.type(Self.keys("100000j"), into: &state)
        #expect(state.cursorPath.description == "$", "past the last item: the array's closing row")
        #expect(state.cursor.isClose)
        Self.type(Self.keys("g"), into: &state)
        Self.type(Self.keys("j20000J"), into: &state)
        #expect(state.cursorPath.description == "$[10000]")
        #expect(state.status?.text == "moved 10000 times, not 20000: a count repeats this move at most 10000 times")
    }

    /// A minified payload in line mode: one row per value, pretty; `m` leaves for the node of
    /// the highlighted row, and comes back to the cursor's row.
    @Test func lineModeOfAMinifiedPayloadIsPrettyAndMapsBack() throws {
        var state = try Self.state(#"{"a":{"x":1,"y":[1,2]},"b":{"x":2},"list":[10,20,30]}"#)
        Self.go("a.y[1]", &state)
        Self.type(Self.keys("m"), into: &state)
        let pretty = try #require(state.viewer.lines?.pretty)
        #expect(pretty.count == 17)  // 12 values and 5 closing brackets
        #expect(state.viewer.lines?.current == 6)  // {, "a": {, "x": 1,, "y": [, 1,, then 2
        #expect(state.status?.text == "line mode (m goes back to the tree): 1 line as 17 pretty rows")
        Self.type(Self.keys("jjj"), into: &state)  // ], }, then "b": {
        Self.type(Self.keys("m"), into: &state)
        #expect(state.cursorPath.description == "$.b")
        Self.type(Self.keys("m"), into: &state)
        #expect(state.viewer.lines?.current == 9)
    }

    @Test func theCountShowsWhileTyped() throws {
        var state = try Self.state()
        Self.type(Self.keys("4"), into: &state)
        #expect(state.viewer.pendingCount == 4)
        #expect(ScreenRenderer.render(state, width: 80, height: 24).text.split(separator: "\n").last == " 4…")
    }

    @Test func foldToALevelShowsThatManyLevels() throws {
        var state = try Self.state()
        Self.go("a.y.deep[1]", &state)
        Self.type(Self.keys("z1"), into: &state)
        let tree = state.tree
        let a = tree.member(tree.root, key: "a")!
        #expect(state.folds.isExpanded(tree.root))
        #expect(!state.folds.isExpanded(a))
        // The cursor was hidden: it goes to the row that shows it.
        #expect(state.cursor == Row(node: a))
        Self.type(Self.keys("z3"), into: &state)
        let y = tree.member(a, key: "y")!
        #expect(state.folds.isExpanded(a) && state.folds.isExpanded(y))
        #expect(!state.folds.isExpanded(tree.member(y, key: "deep")!))
    }

    @Test func cAndEFoldAndUnfoldTheSiblings() throws {
        var state = try Self.state()
        let tree = state.tree
        let containers = tree.children(tree.root).filter { tree.kind($0).isContainer }
        Self.go("b", &state)
        Self.type(Self.keys("e"), into: &state)
        #expect(containers.allSatisfy { state.folds.isExpanded($0) })
        Self.type(Self.keys("c"), into: &state)
        #expect(containers.allSatisfy { !state.folds.isExpanded($0) })
        #expect(state.status?.text == "folded 4 containers at this level")
    }

    @Test func percentGoesToTheMatchingBracketAndBack() throws {
        var state = try Self.state()
        Self.go("a", &state)
        let a = state.cursor.node
        Self.type(Self.keys("%"), into: &state)
        #expect(state.cursor == Row(node: a, isClose: true))
        Self.type(Self.keys("%"), into: &state)
        #expect(state.cursor == Row(node: a))
        // Inside a container, to its opening bracket.
        Self.go("a.x", &state)
        Self.type(Self.keys("%"), into: &state)
        #expect(state.cursor == Row(node: a))
    }

    @Test func ctrlOAndCtrlNWalkTheJumpHistory() throws {
        var state = try Self.state()
        Self.go("a.x", &state)  // jump 1 (from the root)
        Self.type([.character("/"), .character("7"), .character("0"), .enter], into: &state)  // jump 2: a search
        #expect(state.cursorPath.description == "$.list[6]")
        Self.type(Self.keys("G"), into: &state)  // jump 3
        Self.type([.control("o")], into: &state)
        #expect(state.cursorPath.description == "$.list[6]")
        Self.type([.control("o")], into: &state)
        #expect(state.cursorPath.description == "$.a.x")
        Self.type([.control("o")], into: &state)
        #expect(state.cursor == Row(node: state.tree.root))
        Self.type([.control("o")], into: &state)
        #expect(state.status?.text == "no earlier place to go back to")
        Self.type([.control("n"), .control("n")], into: &state)
        #expect(state.cursorPath.description == "$.list[6]")
        // A plain move is not a jump: Ctrl-o returns to where the last jump left from.
        Self.type(Self.keys("k"), into: &state)
        Self.type([.control("o")], into: &state)
        #expect(state.cursorPath.description == "$.a.x")
    }

    @Test func aClickIsAJump() throws {
        var state = try Self.state()
        state.perform(.select(Row(node: state.tree.member(state.tree.root, key: "b")!)), treeRows: 30)
        Self.type([.control("o")], into: &state)
        #expect(state.cursor == Row(node: state.tree.root))
    }

    @Test(arguments: [
        ("yk", "a.y", "y"), ("yk", "list[3]", "3"), ("yq", "a.y.deep[1]", ".a.y.deep[1]"),
        ("yq", #"$["weird key"]["k.1"]"#, #".["weird key"]["k.1"]"#), ("yb", "a.y.deep[1]", #"["a"]["y"]["deep"][1]"#),
    ])
    func copyTheKeyAndThePathForJqAndInBrackets(keys: String, path: String, copied: String) throws {
        var state = try Self.state()
        Self.go(path, &state)
        let effects = Self.type(Self.keys(keys), into: &state)
        #expect(effects == [.copy(copied)])
        #expect(state.status?.text.hasPrefix("copied \(copied)") == true)
    }

    @Test func theRootHasNoKeyToCopy() throws {
        var state = try Self.state()
        #expect(Self.type(Self.keys("yk"), into: &state).isEmpty)
        #expect(state.status?.text == "not copied: the root has no key")
        #expect(Self.type(Self.keys("yq"), into: &state) == [.copy(".")])
    }

    @Test func questionMarkSearchesBackwardsAndNGoesOnBackwards() throws {
        var state = try Self.state()
        Self.go("list[7]", &state)
        Self.type([.character("?"), .character("0"), .enter], into: &state)
        #expect(state.cursorPath.description == "$.list[6]")
        Self.type(Self.keys("n"), into: &state)
        #expect(state.cursorPath.description == "$.list[5]")
        Self.type(Self.keys("N"), into: &state)
        #expect(state.cursorPath.description == "$.list[6]")
        // `/` searches forwards again.
        Self.type([.character("/"), .character("0"), .enter], into: &state)
        #expect(state.cursorPath.description == "$.list[7]")
    }

    @Test func helpIsOnF1AndOnColonHelp() throws {
        var state = try Self.state()
        Self.type([.function(1)], into: &state)
        #expect(state.mode == .help)
        Self.type(Self.keys("x"), into: &state)
        #expect(state.mode == .browse)
        Self.type(Self.keys(":help") + [.enter], into: &state)
        #expect(state.mode == .help)
        #expect(
            ScreenRenderer.render(state, width: 100, height: 300).text.contains(
                "  ?                           search backwards (n goes on backwards)  search-backward"))
    }

    @Test func wrapShowsAWholeLongStringAndKeepsTheCursorOnScreen() throws {
        let long = String(repeating: "abcdefghij", count: 20)
        var state = try Self.state("[\"\(long)\", 111, 222]", height: 24)
        state.perform(.layout(Layout(width: 40, height: 24)))
        let cut = ScreenRenderer.render(state, width: 40, height: 24).text
        #expect(!cut.contains(long) && cut.contains("…"))
        Self.type(Self.keys("w"), into: &state)
        #expect(state.viewer.wrapsStrings)
        let wrapped = ScreenRenderer.render(state, width: 40, height: 24).text.split(separator: "\n").map(String.init)
        // Every character of the string is on screen, on lines that start at the value's column.
        #expect(wrapped[2...7].map { $0.trimmingCharacters(in: .whitespaces) }.joined() == "\"" + long + "\"")
        #expect(wrapped[3].hasPrefix("    abcde") || wrapped[3].hasPrefix("    "))
        #expect(wrapped[8].contains("111"))
        Self.type(Self.keys("w"), into: &state)
        #expect(!state.viewer.wrapsStrings)
    }

    @Test func aWrappedRowAboveTheCursorScrollsTheViewSoTheCursorShows() throws {
        // Five tree lines on a 40x9 screen; the string takes four of them.
        let long = String(repeating: "abcdefghij", count: 13)
        var state = try Self.state("[\"\(long)\", 111, 222]", height: 9)
        state.perform(.layout(Layout(width: 40, height: 9)))
        #expect(state.viewport.treeHeight == 5)
        Self.type(Self.keys("wjjj"), into: &state)
        #expect(state.cursorPath.description == "$[2]")
        let screen = ScreenRenderer.render(state, width: 40, height: 9).text.split(separator: "\n").map(String.init)
        #expect(screen[1...5].contains { $0.contains("222") })
    }

    @Test func lineModeShowsTheTextWithErrorLinesMarkedAndComesBackAtTheLine() throws {
        var state = try Self.state()
        Self.go("list[2]", &state)
        Self.type(Self.keys("m"), into: &state)
        #expect(state.viewer.lines?.current == 4)
        let screen = ScreenRenderer.render(state, width: 100, height: 24).text
        #expect(screen.contains(#"  4   "list": [10, 20, 30, 40, 50, 60, 70, 80],"#))
        Self.type(Self.keys("j"), into: &state)
        Self.type(Self.keys("m"), into: &state)
        #expect(state.viewer.lines == nil)
        #expect(state.cursorPath.description == #"$["weird key"]"#)
    }

    @Test func lineModeMarksTheLinesOfDecodingErrors() throws {
        let payload = Samples.payload("01-basics")
        let setup = DecodeSetup.load(modelPaths: [Samples.model("01-basics")], typeExpression: "ProductCategory", options: DecodeOptions())
        var state = ExplorerState(tree: try JSONTree.parse(payload), fileName: "payload.json", decode: DecodeSession(setup: setup))
        state.perform(.layout(Layout(width: 100, height: 30)))
        guard case .startDecode(let request) = state.perform(.redecode, treeRows: 20).last else {
            Issue.record("no decode started")
            return
        }
        state.perform(.decodeFinished(requestID: request.id, InProcessDecodeService.decode(request, payload: payload)), treeRows: 20)
        Self.type(Self.keys("m"), into: &state)
        let lines = ScreenRenderer.render(state, width: 100, height: 30).text.split(separator: "\n").map(String.init)
        // keyNotFound "description" in products[1], whose `{` is on line 10.
        #expect(lines.contains { $0.hasPrefix("✖ 10     {") })
        #expect(lines.filter { $0.hasPrefix("✖") }.count == 1)
        // `]e` in line mode goes to the marked line, and `m` back to the tree lands on its node.
        Self.type([.character("g"), .character("]"), .character("e")], into: &state)
        #expect(state.viewer.lines?.current == 10)
        Self.type(Self.keys("m"), into: &state)
        #expect(state.cursorPath.description == "$.products[1]")
    }

    @Test func vAndVOpenACopyInTheEditor() throws {
        var state = try Self.state()
        Self.go("a.y", &state)
        #expect(
            Self.type(Self.keys("v"), into: &state) == [
                .openEditor(EditorRequest(text: "{\"deep\": [1, 2]}\n", line: 1, fileName: "value.json"))
            ])
        #expect(Self.type(Self.keys("V"), into: &state) == [.openEditor(EditorRequest(text: nil, line: 2, fileName: "p.json"))])
    }

    @Test func theCopyGoesByTheClipboardCommandAndTheStatusSaysSo() throws {
        var state = try Self.state()
        Self.go("a", &state)
        Self.type(Self.keys("yp"), into: &state)
        state.perform(.copied(via: "xclip", failed: false), treeRows: 30)
        #expect(state.status == StatusMessage("copied $.a (key path) via xclip"))
        Self.type(Self.keys("yp"), into: &state)
        state.perform(.copied(via: "xclip exited with status 1, sent by OSC 52 instead", failed: true), treeRows: 30)
        #expect(state.status == StatusMessage("copied $.a (key path); xclip exited with status 1, sent by OSC 52 instead", tone: .error))
    }
}

import JSONTree
import Testing

@testable import ExplorerUI

/// `p` shows a value whole, wrapped, scrollable; q or Esc closes it.
@Suite struct PagerTests {
    static func run(_ json: String, _ keys: [Key], width: Int = 30, height: Int = 8) throws -> RecordingBackend {
        let backend = RecordingBackend(width: width, height: height, keys: keys)
        ExplorerApp(state: ExplorerState(tree: try JSONTree.parse(Array(json.utf8)), fileName: "p.json"), backend: backend).run()
        return backend
    }

    static let prose =
        #"["The quick brown fox jumps over the lazy dog.\nSecond\tline, with a tab and a very-long-word-that-cannot-fit-anywhere ok"]"#

    @Test func aLongStringIsWrappedAtSpacesWithEscapesInTheirOwnStyle() throws {
        let backend = try Self.run(Self.prose, [.character("j"), .character("p")])
        let screen = try #require(backend.frames.last)
        #expect(
            screen.text == """
                 $[0]  string, 117 characters
                 The quick brown fox jumps
                 over the lazy dog.\\n
                 Second\\tline, with a tab and
                 a
                 very-long-word-that-cannot-f
                 it-anywhere ok
                 lines 1-6 of 6   j/k scroll
                """)
        let styled = screen.styledText.split(separator: "\n")
        #expect(styled[2] == " [s]over the lazy dog.[/][x]\\n[/]")
        #expect(styled[3] == " [s]Second[/][x]\\t[/][s]line, with a tab and[/]")
    }

    @Test func keysScrollAndQCloses() throws {
        let json = "[\"" + (1...40).map { "line \($0)" }.joined(separator: "\\n") + "\"]"
        let keys: [Key] = [
            .character("j"), .character("p"), .character("j"), .character(" "), .character("G"),
            .character("b"), .character("g"), .character("q"),
        ]
        let frames = try Self.run(json, keys).frames.map { $0.text.split(separator: "\n", omittingEmptySubsequences: false) }
        // Six lines of text on an 8-row screen; a page moves five.
        #expect(frames[2][1] == " line 1\\n")
        #expect(frames[3][1] == " line 2\\n")
        #expect(frames[4][1] == " line 7\\n")
        #expect(frames[5][1] == " line 35\\n")
        #expect(frames[5][6] == " line 40")
        #expect(frames[5][7].hasPrefix(" lines 35-40 of 40"))
        #expect(frames[6][1] == " line 30\\n")
        #expect(frames[7][1] == " line 1\\n")
        // q closed the pager, not the explorer.
        #expect(frames[8][0].hasPrefix(" p.json"))
    }

    @Test func aContainerIsShownAsWrittenWithoutItsIndentation() throws {
        let json = "{\n  \"a\": {\n\t\"b\": [1, 2],\n    \"c\": \"\\u001b[2J\"\n  }\n}"
        let backend = try Self.run(json, [.character("j"), .character("p")], width: 40)
        #expect(
            backend.frames.last!.text.split(separator: "\n").prefix(5) == [
                " $.a  object, 40 B as written",
                " {",
                "     \"b\": [1, 2],",
                "   \"c\": \"\\u001b[2J\"",
                " }",
            ])
    }

    @Test func escClosesAndOtherKeysDoNothing() throws {
        let frames = try Self.run(Self.prose, [.character("j"), .character("p"), .character("x"), .escape]).frames
        #expect(frames[3].text == frames[2].text)
        #expect(frames[4].text.hasPrefix(" p.json"))
    }

    @Test func theWheelScrollsThePager() throws {
        let json = "[\"" + (1...40).map { "line \($0)" }.joined(separator: "\\n") + "\"]"
        let events: [InputEvent] = [.key(.character("j")), .key(.character("p")), .mouse(MouseEvent(x: 3, y: 3, kind: .wheelDown))]
        let backend = RecordingBackend(width: 30, height: 8, events: events)
        ExplorerApp(state: ExplorerState(tree: try JSONTree.parse(Array(json.utf8)), fileName: "p.json"), backend: backend).run()
        #expect(backend.frames.last!.text.split(separator: "\n")[1] == " line 4\\n")
    }

    @Test func aHugeValueIsCutWithANote() throws {
        let json = "[" + Array(repeating: "12345678", count: 150_000).joined(separator: ",") + "]"
        let tree = try JSONTree.parse(Array(json.utf8))
        let document = PagerDocument(node: tree.root, tree: tree, path: .root)
        #expect(document.logicalLines.last?.first?.text == "… the pager shows the first 1.0 MB of 1.4 MB")
    }
}

extension PagerTests {
    @Test func anEscapeWrapsWithTheWordItIsPartOf() {
        typealias Run = PagerDocument.Run
        let line = [Run(text: "ab ", isEscape: false), Run(text: "\\u{1B}", isEscape: true), Run(text: "[1m cd", isEscape: false)]
        let lines = PagerDocument.wrap(line, width: 10)
        #expect(
            lines == [
                [Run(text: "ab ", isEscape: false)],
                [Run(text: "\\u{1B}", isEscape: true), Run(text: "[1m ", isEscape: false)],
                [Run(text: "cd", isEscape: false)],
            ])
    }
}

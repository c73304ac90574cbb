import JSONTree
import Testing

@testable import ExplorerUI

/// Untrusted text never reaches the terminal raw: whatever the payload, the file name or the
/// user types, no frame holds a control, bidi or invisible character.
@Suite struct HostileTextTests {
    /// C0 (escaped and raw), DEL, C1 (U+0085, U+009B), escape sequences, bidi overrides and
    /// isolates, zero-width joiners and BOMs, in keys, values, a long string and a number-ish key.
    static let payload =
        "{\"k\\u001b[31m\": \"v\\u009b31m\", \"bidi\u{202E}\": [\"\u{200D}\", \"a\u{85}b\u{9B}c\"], "
        + "\"raw\u{1B}]0;pwned\u{7}\": \"x\u{2066}y\u{FEFF}\", \"nested\": {\"\\u0007bell\": \"\u{7F}\", \"e\": \"\u{1B}[2J\"}, "
        + "\"long\": \"" + String(repeating: "word \\u001b[1m ", count: 40) + "\", \"n\": 1e5}"

    static let fileName = "evil\u{1B}]0;title\u{7}\u{202E}.json"

    /// Every unsafe scalar on the screen (the right half of a wide character is not text).
    static func unsafeScalars(_ screen: Screen) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for y in 0..<screen.height {
            for x in 0..<screen.width where screen[x, y] != .continuation {
                found += screen[x, y].character.unicodeScalars.filter(TerminalSafeText.isUnsafe)
            }
        }
        return found
    }

    static func check(_ state: ExplorerState, _ what: String, width: Int = 100, height: Int = 30) {
        for (w, h) in [(width, height), (40, 12)] {
            let screen = ScreenRenderer.render(state, width: w, height: h)
            let unsafe = unsafeScalars(screen)
            #expect(unsafe.isEmpty, "\(what) at \(w)x\(h): \(unsafe.map { String($0.value, radix: 16) })")
        }
    }

    @Test func theTreeHeaderDetailAndPreviewsAreSafeOnEveryNode() throws {
        let tree = try JSONTree.parse(Array(Self.payload.utf8))
        #expect(!tree.issues.isEmpty, "the raw control characters should be issues, shown in the detail pane")
        var state = ExplorerState(tree: tree, fileName: Self.fileName)
        Self.check(state, "folded")
        state.perform(.unfoldAllBelow, treeRows: 20)
        for node in 0..<tree.nodeCount {
            state.perform(.reveal(node), treeRows: 20)
            Self.check(state, "cursor on node \(node)")
            state.mode = .pager(Pager(node: node, tree: tree, path: state.cursorPath))
            Self.check(state, "pager on node \(node)")
            state.mode = .browse
        }
    }

    @Test func promptsStatusLinesSearchAndHelpAreSafe() throws {
        let tree = try JSONTree.parse(Array(Self.payload.utf8))
        var state = ExplorerState(tree: tree, fileName: Self.fileName)
        let typed = "a\u{9B}31m\u{202E}\u{200B}"
        for purpose in [Prompt.Purpose.search, .goTo, .type] {
            state.mode = .prompt(Prompt(purpose, text: typed))
            Self.check(state, "prompt \(purpose)")
        }
        state.mode = .browse
        // A search that matches hostile values, one that does not compile, one that finds nothing.
        for pattern in ["\u{1B}", "v\u{9B}", "(\u{202E}", typed, "bidi\u{202E}"] {
            state.perform(.submitPrompt(Prompt(.search, text: pattern)), treeRows: 20)
            Self.check(state, "search \(pattern.debugDescription): \(state.status?.text.debugDescription ?? "")")
        }
        // Paths that do not resolve, suggestions built from hostile keys, one that does not parse.
        for path in ["k\u{1B}[31n", "bidi\u{202E}.x", "raw\u{1B}]0;pwnex\u{7}", "[\"\u{9B}", "nested.\u{7}bel"] {
            state.perform(.submitPrompt(Prompt(.goTo, text: path)), treeRows: 20)
            Self.check(state, "go to \(path.debugDescription): \(state.status?.text.debugDescription ?? "")")
        }
        // Copy echoes, on every node.
        state.perform(.unfoldAllBelow, treeRows: 20)
        for node in 0..<tree.nodeCount {
            state.perform(.reveal(node), treeRows: 20)
            for format in CopyFormat.allCases {
                let effects = state.perform(.copy(format), treeRows: 20)
                Self.check(state, "copy \(format) on \(node)")
                for case .copy(let text) in effects {
                    #expect(!text.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" })
                }
            }
        }
        state.perform(.showHelp, treeRows: 20)
        Self.check(state, "help")
    }

    @Test func keyNamesFromAConfigAreSafeInTheHelp() throws {
        // A literal bidi override cannot be bound; a key named after a C1 character cannot either.
        #expect(throws: KeyName.ParseError.self) { try KeyName.parse("\u{202E}") }
        #expect(throws: KeyName.ParseError.self) { try KeyName.parse("a\u{85}") }
        // Printable exotic keys are fine and shown as they are.
        var state = ExplorerState(tree: try JSONTree.parse(Array("[]".utf8)), fileName: "p.json")
        state.keyMap = try KeyMapConfig.parse("map é quit\nmap 日 help\n", file: "k").get()
        state.perform(.showHelp, treeRows: 20)
        Self.check(state, "help with exotic keys", height: 60)
        #expect(ScreenRenderer.render(state, width: 100, height: 60).text.contains("  q, é, Ctrl-c"))
    }
}

import JSONTree
import Testing

@testable import ExplorerUI

/// `/` searches keys and values with a regular expression; `n`/`N` walk the matches.
@Suite struct SearchTests {
    static let payload = #"""
        {"store": {"name": "Price Club", "items": [
          {"title": "Soap", "price": 4.50, "note": "caf\u00e9 price list"},
          {"title": "Brush", "price": 12, "inStock": true, "sale": null}
        ]}, "PRICE": "shouting"}
        """#

    static func state(_ json: String = payload) throws -> ExplorerState {
        ExplorerState(tree: try JSONTree.parse(Array(json.utf8)), fileName: "p.json")
    }

    static func search(_ pattern: String, in state: inout ExplorerState) {
        state.perform(.submitPrompt(Prompt(.search, text: pattern)), treeRows: 20)
    }

    static func run(_ state: inout ExplorerState, _ actions: [Action]) {
        for action in actions { state.perform(action, treeRows: 20) }
    }

    @Test func lowercaseIgnoresCaseAndACapitalMakesCaseMatter() throws {
        #expect(try SearchPattern("price").matches("PRICE"))
        #expect(try !SearchPattern("Price").matches("price"))
        #expect(try SearchPattern("Price").matches("Price Club"))
        // Capitals inside escapes do not count.
        #expect(try SearchPattern(#"\d\D"#).isCaseInsensitive)
        #expect(try SearchPattern(#"\p{Lu}x"#).isCaseInsensitive)
        #expect(try !SearchPattern(#"\p{Lu}X"#).isCaseInsensitive)
    }

    @Test func enterJumpsToTheFirstMatchAfterTheCursorAndUnfoldsItsAncestors() throws {
        var state = try Self.state()
        // "items" starts folded (only the first two levels open).
        Self.search("brush", in: &state)
        #expect(state.cursorPath.description == "$.store.items[1].title")
        #expect(state.status?.text == "/brush/  match 1 of 1")
        let screen = ScreenRenderer.render(state, width: 60, height: 24)
        #expect(screen.text.contains("\"title\": \"Brush\""))
    }

    @Test func nextAndPreviousWrapAroundAndCount() throws {
        var state = try Self.state()
        // Keys "price" and "PRICE", the value "Price Club", the unescaped "café price list".
        Self.search("price", in: &state)
        var seen: [String] = [state.cursorPath.description]
        for _ in 0..<4 {
            state.perform(.nextMatch, treeRows: 20)
            seen.append(state.cursorPath.description)
        }
        #expect(seen == ["$.store.name", "$.store.items[0].price", "$.store.items[0].note", "$.store.items[1].price", "$.PRICE"])
        #expect(state.status?.text == "/price/  match 5 of 5")
        state.perform(.nextMatch, treeRows: 20)
        #expect(state.cursorPath.description == "$.store.name")
        #expect(state.status?.text == "/price/  match 1 of 5  (wrapped to the top)")
        state.perform(.previousMatch, treeRows: 20)
        #expect(state.cursorPath.description == "$.PRICE")
        #expect(state.status?.text == "/price/  match 5 of 5  (wrapped to the bottom)")
        state.perform(.previousMatch, treeRows: 20)
        #expect(state.cursorPath.description == "$.store.items[1].price")
    }

    @Test func valuesMatchByTheirTextAndStringsUnescaped() throws {
        var state = try Self.state()
        Self.search("café", in: &state)
        #expect(state.cursorPath.description == "$.store.items[0].note")
        Self.search(#"^4\.50$"#, in: &state)
        #expect(state.cursorPath.description == "$.store.items[0].price")
        Self.search("^true$", in: &state)
        #expect(state.cursorPath.description == "$.store.items[1].inStock")
        Self.search("^null$", in: &state)
        #expect(state.cursorPath.description == "$.store.items[1].sale")
        // Containers match by their key only: "store" is found, "{" is not.
        Self.search("^store$", in: &state)
        #expect(state.cursorPath.description == "$.store")
    }

    @Test func anInvalidPatternSaysWhy() throws {
        var state = try Self.state()
        Self.search("(price", in: &state)
        #expect(state.status?.tone == .error)
        #expect(state.status?.text.hasPrefix("invalid regular expression /(price/: ") == true)
        #expect(state.status?.text.contains("expected ')'") == true)
        #expect(state.cursor == Row(node: 0))
    }

    @Test func noMatchAndNoSearchYetAreMessages() throws {
        var state = try Self.state()
        state.perform(.nextMatch, treeRows: 20)
        #expect(state.status?.text == "no search yet: / searches keys and values")
        Self.search("zebra", in: &state)
        #expect(state.status == StatusMessage("no match for /zebra/", tone: .error))
    }

    @Test func anEmptyPatternRepeatsTheLastSearch() throws {
        var state = try Self.state()
        Self.search("title", in: &state)
        Self.search("", in: &state)
        #expect(state.cursorPath.description == "$.store.items[1].title")
    }

    @Test func matchesAreHighlightedInTheTree() throws {
        var state = try Self.state()
        state.perform(.unfoldAllBelow, treeRows: 20)
        Self.search("soap|brush", in: &state)
        let screen = ScreenRenderer.render(state, width: 60, height: 24)
        let lines = screen.styledText.split(separator: "\n")
        // The first match is under the cursor (one style for the row); the second is marked.
        #expect(lines.contains { $0.contains(#"[k]"title"[/][p]: [/][M]"Brush"[/]"#) })
    }

    @Test func aLongScanRunsInSlicesAndKeepsItsPlace() throws {
        // 60,000 records; the only match is the very last value.
        let json = "[" + Array(repeating: #"{"id": 1, "name": "x"}"#, count: 60_000).joined(separator: ",") + #", "needle"]"#
        let tree = try JSONTree.parse(Array(json.utf8))
        var search = SearchState(pattern: try SearchPattern("needle"), nodeCount: tree.nodeCount, origin: 0)
        var slices = 0
        while !search.isComplete {
            // Each slice looks at 1,024 nodes.
            #expect(search.scanSlice(tree: tree, budget: 1_024) == min(1_024, tree.nodeCount - slices * 1_024))
            slices += 1
        }
        #expect(slices > 100)
        #expect(search.found == [UInt32(tree.nodeCount - 1)])
        #expect(search.ordinal(of: tree.nodeCount - 1)! == (1, 1))
    }

    @Test func aNearbyMatchIsReachedWithoutScanningEverything() throws {
        let json =
            #"["needle", "hay", "needle"]"#.dropLast() + "," + Array(repeating: #""hay""#, count: 1_000_000).joined(separator: ",") + "]"
        var state = try Self.state(String(json))
        Self.search("needle", in: &state)
        #expect(state.cursorPath.description == "$[0]")
        // One slice is a count of nodes, not a time: 262,144 of the 1,000,004, on any machine.
        #expect(state.search?.isComplete == false)
        #expect(state.search?.scanned == ExplorerState.standardSearchSliceNodes)
        #expect(state.status?.text.hasPrefix("/needle/  match (counting…") == true)
        // The run loop keeps asking for slices; the count arrives in the status line.
        var slices = 1
        while state.search?.isScanning == true {
            state.perform(.continueSearch, treeRows: 20)
            slices += 1
        }
        #expect(slices == (state.tree.nodeCount + ExplorerState.standardSearchSliceNodes - 1) / ExplorerState.standardSearchSliceNodes)
        #expect(state.status?.text == "/needle/  match 1 of 2")
        state.perform(.nextMatch, treeRows: 20)
        #expect(state.cursorPath.description == "$[2]")
    }

    @Test func escStopsAJumpThatWaitsForTheScan() throws {
        var state = try Self.state()
        state.search = SearchState(pattern: try SearchPattern("brush"), nodeCount: state.tree.nodeCount, origin: 0)
        state.search?.pendingJump = .init(forward: true, from: 0)
        state.perform(.cancel, treeRows: 20)
        #expect(state.search?.pendingJump == nil)
        #expect(state.status?.text == "search stopped")
    }
}

/// The bytes-first filter must never turn away a value the regular expression matches.
@Suite struct RequiredLiteralTests {
    @Test(
        arguments: [
            ("price", "price"), (#"user_(id|name)s?"#, "user_"), ("ab?c", "a"), ("colou?r", "colo"),
            (#"a\.b+"#, "a.b"), ("[abc]xyz", "xyz"), (#"\d+px"#, "px"), ("a|b", nil), ("(?i)abc", nil),
            (#"\x41bc"#, nil), ("a{2}bcd", "bcd"), ("x*", nil), ("ä", nil),
        ] as [(String, String?)])
    func literals(pattern: String, literal: String?) {
        #expect(RequiredLiteral.of(pattern).map { String(decoding: $0, as: UTF8.self) } == literal)
    }

    @Test func theFilterAgreesWithTheRegexOnRandomPatterns() throws {
        let atoms = ["a", "b", "A", "ab", ".", "\\.", "[ab]", "(a|b)", "?", "*", "+", "{1,2}", "|", "^", "$", "\\d", "1", " ", "K", "é"]
        let subjects = [
            "", "a", "ab", "ba", "AB", "a.b", "abab", "b1a", "K", "\u{212A}", "aé", "A B", "xyz", "1", "bb", "ab ab", "e\u{301}",
        ]
        var rng = SplitMix(seed: 11)
        var checked = 0
        for _ in 0..<3_000 {
            let length = Int(rng.next() % 5) + 1
            let source = (0..<length).map { _ in atoms[Int(rng.next() % UInt64(atoms.count))] }.joined()
            guard let pattern = try? SearchPattern(source) else { continue }
            for subject in subjects where pattern.matches(subject) {
                let bytes = Array(subject.utf8)
                #expect(bytes.withUnsafeBufferPointer { pattern.mayMatch($0) }, "\(source) matches \(subject) but the filter said no")
                checked += 1
            }
        }
        #expect(checked > 500)
    }
}

extension SearchTests {
    @Test func escHidesTheHighlightingAndNShowsItAgain() throws {
        var state = try Self.state()
        state.perform(.unfoldAllBelow, treeRows: 20)
        Self.search("title", in: &state)
        let marked = { (state: ExplorerState) in ScreenRenderer.render(state, width: 60, height: 24).styledText.contains("[M]") }
        #expect(marked(state))
        state.perform(.cancel, treeRows: 20)
        #expect(!marked(state))
        state.perform(.nextMatch, treeRows: 20)
        #expect(marked(state))
    }
}

extension SearchTests {
    @Test func escClosingThePagerKeepsTheMatchesMarked() throws {
        var state = try Self.state()
        state.perform(.unfoldAllBelow, treeRows: 20)
        Self.search("title", in: &state)
        state.perform(.openPager, treeRows: 20)
        state.perform(.cancel, treeRows: 20)
        #expect(state.mode == .browse)
        #expect(state.search?.isHighlighted == true)
    }
}

import Foundation
import JSONTree
import Testing

@testable import ExplorerUI

/// `:` goes to a key path; `y` copies the cursor's path or value.
@Suite struct GoToTests {
    static let payload = #"{"user": {"name": "Ada", "tags": ["a", "b", {"deep": [1, 2]}]}, "a/b": 1, "0": "zero"}"#

    static func goTo(_ path: String) throws -> ExplorerState {
        var state = ExplorerState(tree: try JSONTree.parse(Array(payload.utf8)), fileName: "p.json")
        state.perform(.submitPrompt(Prompt(.goTo, text: path)), treeRows: 20)
        return state
    }

    @Test(arguments: [
        ("user.tags[2].deep[1]", "$.user.tags[2].deep[1]"),
        ("$.user.tags.2.deep.1", "$.user.tags[2].deep[1]"),
        ("/user/tags/2/deep/1", "$.user.tags[2].deep[1]"),
        ("  user.name ", "$.user.name"),
        ("/a~1b", #"$["a/b"]"#),
        ("$.0", #"$["0"]"#),
        ("$", "$"),
    ])
    func pathsInEveryFormLand(path: String, expected: String) throws {
        let state = try Self.goTo(path)
        #expect(state.cursorPath.description == expected)
        #expect(state.status == nil)
    }

    @Test func theNodeIsRevealedThroughFoldedAncestors() throws {
        let state = try Self.goTo("user.tags[2].deep[1]")
        let screen = ScreenRenderer.render(state, width: 60, height: 24)
        let cursorLine = screen.text.split(separator: "\n").first { $0.hasSuffix("  2") && !$0.contains("$") }
        #expect(cursorLine != nil)
        #expect(screen.text.contains("▾ \"deep\": ["))
    }

    @Test func aMissingKeySuggestsWhatWasMeant() throws {
        let state = try Self.goTo("user.nmae")
        #expect(state.status == StatusMessage(#"$.user is an object with no key "nmae" (did you mean "name"?)"#, tone: .error))
        #expect(state.cursor == Row(node: 0))
    }

    @Test func aPathThatDoesNotParseSaysWhere() throws {
        let state = try Self.goTo("user..name")
        #expect(state.status?.tone == .error)
        #expect(state.status?.text == "not a key path: expected a key after '.' at column 6 (write [\"\"] for an empty key)")
    }

    @Test func anIndexPastTheEndCountsTheElements() throws {
        let state = try Self.goTo("user.tags[7]")
        #expect(state.status?.text == "index 7 is out of range: $.user.tags has 3 elements")
    }
}

@Suite struct CopyTests {
    /// Runs keys on a recording backend and returns it with the last state.
    static func run(_ json: String, _ keys: [Key]) throws -> (RecordingBackend, ExplorerState) {
        let backend = RecordingBackend(width: 80, height: 24, keys: keys)
        let app = ExplorerApp(state: ExplorerState(tree: try JSONTree.parse(Array(json.utf8)), fileName: "p.json"), backend: backend)
        app.run()
        return (backend, app.state)
    }

    static func keys(_ text: String) -> [Key] { text.map { .character($0) } }

    static let payload = #"{"shop": {"items": [{"name": "Soap", "price": 4.50}], "ok": true}}"#

    @Test func eachFormIsCopiedAndEchoed() throws {
        // j j l: into "items"; l: unfold it; l: its first element; l: unfold; l: "name"; j: "price".
        let walk = "jjllllj"
        let (backend, state) = try Self.run(Self.payload, Self.keys(walk + "yp" + "yj" + "ys" + "yv"))
        #expect(backend.clipboard.count == 4)
        #expect(backend.clipboard[0] == "$.shop.items[0].price")
        #expect(backend.clipboard[1] == "/shop/items/0/price")
        #expect(backend.clipboard[2].hasSuffix("let value = try c3.decode(Double.self, forKey: AnyKey(\"price\"))\n"))
        #expect(backend.clipboard[3] == "4.50")
        #expect(state.status?.text == "copied $.shop.items[0].price, 4 B (value) via OSC 52")
        let echoes = backend.frames.map { $0.text.split(separator: "\n").last.map(String.init) ?? "" }
        #expect(echoes.contains(" copied $.shop.items[0].price (key path) via OSC 52"))
        #expect(echoes.contains(" copied /shop/items/0/price (JSON Pointer) via OSC 52"))
        #expect(echoes.contains(" copied decoding Double at $.shop.items[0].price (Swift code) via OSC 52"))
    }

    @Test func theSwiftCodeCompilesInShapeAndNamesAPlaceholderForContainers() throws {
        let (backend, _) = try Self.run(Self.payload, Self.keys("jys"))
        #expect(backend.clipboard.first?.contains("let value = try c0.decode(<#Type#>.self, forKey: AnyKey(\"shop\"))") == true)
    }

    @Test func aValueIsCopiedAsItsJSONWithoutItsIndentation() throws {
        let json = "{\n  \"a\": {\n    \"b\": [1,\n      2],\n    \"c\": \"x\"\n  }\n}"
        let (backend, _) = try Self.run(json, Self.keys("jyv"))
        #expect(backend.clipboard == ["{\n  \"b\": [1,\n    2],\n  \"c\": \"x\"\n}"])
    }

    @Test func hostileTextNeverReachesTheClipboardRaw() throws {
        // A key with an escape sequence (escaped in the source) and a value with raw bidi and
        // C1 characters (legal in JSON strings), tabs for indentation.
        let json = "{\"k\\u001b]52;c;AAAA\\u0007\": \"a\u{202E}b\u{85}c\", \"t\": {\n\t\"x\": \"\u{200D}\"\n}}"
        let (backend, _) = try Self.run(json, Self.keys("jypyjysyvjyv"))
        #expect(backend.clipboard.count == 5)
        for text in backend.clipboard {
            let unsafe = text.unicodeScalars.filter { TerminalSafeText.isUnsafe($0) && $0 != "\n" }
            #expect(unsafe.isEmpty, "\(text.debugDescription)")
        }
        // The values stay JSON with the same meaning.
        #expect(backend.clipboard[3] == #""a\u202Eb\u0085c""#)
        #expect(backend.clipboard[4] == "{\n    \"x\": \"\\u200D\"\n}")
        let reparsed = try JSONTree.parse(Array(backend.clipboard[3].utf8))
        #expect(reparsed.stringValue(reparsed.root) == "a\u{202E}b\u{85}c")
        // The path forms carry the escape as text.
        #expect(backend.clipboard[0] == #"$["k\u001B]52;c;AAAA\u0007"]"#)
        #expect(backend.clipboard[1] == #"/k\u{1B}]52;c;AAAA\u{7}"#)
    }

    @Test func aValueTooBigForOSC52IsRefused() throws {
        let json = "[\"" + String(repeating: "x", count: ClipboardText.byteLimit) + "\"]"
        let (backend, state) = try Self.run(json, Self.keys("jyv"))
        #expect(backend.clipboard.isEmpty)
        #expect(state.status?.tone == .error)
        #expect(state.status?.text.hasPrefix("not copied: the value is 524.3 KB") == true)
    }
}

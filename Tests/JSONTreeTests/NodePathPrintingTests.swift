import JSONTree
import Testing

/// The path as the contract, the status bar and the clipboard show it, and back.
@Suite struct NodePathPrintingTests {
    typealias C = NodePath.Component

    static let forms: [(components: [C], contract: String, pointer: String)] = [
        ([], "$", ""),
        ([.key("a"), .index(0), .key("b")], "$.a[0].b", "/a/0/b"),
        ([.key("_id"), .key("v2"), .key("CamelCase")], "$._id.v2.CamelCase", "/_id/v2/CamelCase"),
        ([.key("key.with.dots"), .index(2)], "$[\"key.with.dots\"][2]", "/key.with.dots/2"),
        ([.key("has space")], "$[\"has space\"]", "/has space"),
        ([.key("a\"b\\c")], "$[\"a\\\"b\\\\c\"]", "/a\"b\\c"),
        ([.key("0")], "$[\"0\"]", "/0"),
        ([.key("2x"), .key("$ref")], "$[\"2x\"][\"$ref\"]", "/2x/$ref"),
        ([.key("café")], "$[\"café\"]", "/café"),
        ([.key("")], "$[\"\"]", "/"),
        ([.key("a/b~c")], "$[\"a/b~c\"]", "/a~1b~0c"),
        ([.key("line\nbreak\t")], "$[\"line\\nbreak\\t\"]", "/line\nbreak\t"),
        ([.keyOrIndex(3), .key("x")], "$.3.x", "/3/x"),
    ]

    @Test(arguments: forms)
    func prints(components: [C], contract: String, pointer: String) throws {
        let path = NodePath(components)
        #expect(path.description == contract)
        #expect(path.jsonPointer == pointer)
        #expect(try NodePath(parsing: contract) == path, "the contract form parses back")
        // A pointer cannot say index or key: its numbers come back to be settled.
        let settledLater = components.map { c -> C in
            switch c {
            case let .index(n), let .keyOrIndex(n): .keyOrIndex(n)
            case let .key(k): Int(k).map { String($0) == k ? .keyOrIndex($0) : c } ?? c
            }
        }
        #expect(try NodePath(parsing: pointer).components == settledLater)
    }

    @Test func untrustedKeysPrintTerminalSafeAndParseBack() throws {
        let hostile = "\u{1B}]0;owned\u{7}\u{1B}[2J\u{202E}txt.exe\u{200B}\u{9B}"
        let path = NodePath([.key("ok"), .key(hostile)])
        let printed = path.description
        #expect(printed == "$.ok[\"\\u001B]0;owned\\u0007\\u001B[2J\\u202Etxt.exe\\u200B\\u009B\"]")
        #expect(!printed.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) })
        #expect(try NodePath(parsing: printed) == path)
    }
}

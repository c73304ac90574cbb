import JSONTree
import Testing

/// Key paths as users type them for `--path` and the path bar: every form of the grammar.
@Suite struct NodePathParsingTests {
    typealias C = NodePath.Component

    static let forms: [(text: String, components: [C])] = [
        ("", []),
        ("$", []),
        (".", []),
        ("results", [.key("results")]),
        ("elements[0].element", [.key("elements"), .index(0), .key("element")]),
        ("errors.base.0", [.key("errors"), .key("base"), .keyOrIndex(0)]),
        ("0.name", [.keyOrIndex(0), .key("name")]),
        ("$.a.b", [.key("a"), .key("b")]),
        ("$[3]", [.index(3)]),
        ("$.a[10][2]", [.key("a"), .index(10), .index(2)]),
        (".a.b", [.key("a"), .key("b")]),
        (".[\"a\"]", [.key("a")]),
        ("a[ 1 ]", [.key("a"), .index(1)]),
        ("[\"key.with.dots\"][2]", [.key("key.with.dots"), .index(2)]),
        ("$[\"has space\"].x", [.key("has space"), .key("x")]),
        ("['single'].x", [.key("single"), .key("x")]),
        ("['it\\'s']", [.key("it's")]),
        ("[\"a\\\"b\"]", [.key("a\"b")]),
        ("[\"\\u00e9\"]", [.key("é")]),
        ("[\"\\ud83d\\ude00\"]", [.key("😀")]),
        ("[\"\\n\\t\\/\\\\\\b\\f\\r\"]", [.key("\n\t/\\\u{8}\u{C}\r")]),
        ("[\"\"]", [.key("")]),
        ("[\"]\"]", [.key("]")]),
        ("$.first name.café", [.key("first name"), .key("café")]),
        ("$ref.x", [.key("$ref"), .key("x")]),
        ("a.007", [.key("a"), .key("007")]),
        ("a.-1", [.key("a"), .key("-1")]),
        ("a.99999999999999999999", [.key("a"), .key("99999999999999999999")]),
        ("/elements/0/element", [.key("elements"), .keyOrIndex(0), .key("element")]),
        ("/", [.key("")]),
        ("//x", [.key(""), .key("x")]),
        ("/a/", [.key("a"), .key("")]),
        ("/a~1b/m~0n/~01", [.key("a/b"), .key("m~n"), .key("~1")]),
        ("/01/-", [.key("01"), .key("-")]),
        ("/a.b[0]", [.key("a.b[0]")]),
    ]

    @Test(arguments: forms)
    func parses(text: String, components: [C]) throws {
        #expect(try NodePath(parsing: text).components == components)
    }

    static let failures: [(text: String, error: NodePath.ParseError, message: String)] = [
        ("[\"abc", .unterminatedQuotedKey(startingAt: 1), "unterminated quoted key starting at column 2"),
        ("a['b", .unterminatedQuotedKey(startingAt: 2), "unterminated quoted key starting at column 3"),
        ("[\"a\\\"]", .unterminatedQuotedKey(startingAt: 1), "unterminated quoted key starting at column 2"),
        (
            "a[0", .expectedClosingBracket(after: .index, found: "end of path", at: 3),
            "expected ']' after index at column 4, found end of path"
        ),
        (
            "a[0x]", .expectedClosingBracket(after: .index, found: "'x'", at: 3),
            "expected ']' after index at column 4, found 'x'"
        ),
        (
            "[\"a\" b]", .expectedClosingBracket(after: .quotedKey, found: "'b'", at: 5),
            "expected ']' after quoted key at column 6, found 'b'"
        ),
        ("a..b", .missingKey(at: 2), "expected a key after '.' at column 3 (write [\"\"] for an empty key)"),
        ("a.", .missingKey(at: 2), "expected a key after '.' at column 3 (write [\"\"] for an empty key)"),
        (
            "a[abc]", .expectedIndexOrQuotedKey(found: "'a'", at: 2),
            "expected an index or a quoted key after '[' at column 3, found 'a'"
        ),
        (
            "a[]", .expectedIndexOrQuotedKey(found: "']'", at: 2),
            "expected an index or a quoted key after '[' at column 3, found ']'"
        ),
        (
            "a[", .expectedIndexOrQuotedKey(found: "end of path", at: 2),
            "expected an index or a quoted key after '[' at column 3, found end of path"
        ),
        ("a[-1]", .negativeIndex("-1", at: 2), "negative index -1 at column 3: indices count from 0"),
        (
            "a[99999999999999999999]", .indexTooLarge("99999999999999999999", at: 2),
            "index 99999999999999999999 at column 3 is too large"
        ),
        ("a[0]b", .expectedDotOrBracket(found: "'b'", at: 4), "expected '.' or '[' after ']' at column 5, found 'b'"),
        ("a]", .unexpectedClosingBracket(at: 1), "unexpected ']' at column 2 without a matching '['"),
        ("é.x]", .unexpectedClosingBracket(at: 3), "unexpected ']' at column 4 without a matching '['"),
        (
            "[\"a\\x\"]", .invalidEscape("\\x", at: 3),
            "invalid escape \\x in a quoted key at column 4; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        ),
        (
            "[\"\\u00g0\"]", .invalidEscape("\\u00", at: 2),
            "invalid escape \\u00 in a quoted key at column 3; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        ),
        ("[\"\\ud800\"]", .unpairedSurrogate("\\ud800", at: 2), "unpaired UTF-16 surrogate \\ud800 in a quoted key at column 3"),
        ("[\"\\udc00\"]", .unpairedSurrogate("\\udc00", at: 2), "unpaired UTF-16 surrogate \\udc00 in a quoted key at column 3"),
        (
            "/a~2", .invalidPointerEscape("~2", at: 2),
            "invalid escape ~2 in a JSON Pointer at column 3; write ~0 for '~' and ~1 for '/'"
        ),
        (
            "/a~", .invalidPointerEscape("~", at: 2),
            "invalid escape ~ in a JSON Pointer at column 3; write ~0 for '~' and ~1 for '/'"
        ),
        (
            "a[\u{1B}]", .expectedIndexOrQuotedKey(found: "U+001B", at: 2),
            "expected an index or a quoted key after '[' at column 3, found U+001B"
        ),
    ]

    @Test(arguments: failures)
    func rejects(text: String, error: NodePath.ParseError, message: String) {
        #expect(throws: error) { try NodePath(parsing: text) }
        #expect(error.message == message)
        #expect(error.description == message)
    }

    @Test func errorMessagesAreTerminalSafe() {
        let error = #expect(throws: NodePath.ParseError.self) { try NodePath(parsing: "[\"\\\u{1B}[2J\"]") }
        #expect(error == .invalidEscape("\\\u{1B}", at: 2))
        let message = error?.message ?? ""
        #expect(!message.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) }, "\(message)")
        #expect(message.hasPrefix("invalid escape \\\\u{1B} in a quoted key at column 3"), "\(message)")
    }
}

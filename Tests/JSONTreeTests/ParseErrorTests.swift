import Testing

@testable import JSONTree

/// Structural errors say what is wrong and where, where Foundation says only
/// "The given data was not valid JSON.". 📍 marks where the error must point.
@Suite struct ParseErrorTests {
    static let cases: [(payload: String, message: String)] = [
        ("{\"a\": 1 📍\"b\": 2}", "unexpected character '\"'; expected ',' or '}' after an object member"),
        ("[1, 2📍", "unexpected end of input; expected ',' or ']' after an array element"),
        ("{\"a\" 📍1}", "unexpected character '1'; expected ':' after the key"),
        ("{📍'a': 1}", "unexpected character '''; expected a key in double quotes, or '}'"),
        ("[tru📍x]", "unexpected character 'x'; expected the literal `true`"),
        ("[1] 📍[2]", "unexpected character '[' after the top-level value"),
        ("📍", "the payload is empty"),
        ("[📍\"abc]", "unterminated string"),
        ("[📍undefined]", "unexpected character 'u'; expected a value"),
        ("{\"k\": 📍\u{1}}", "unexpected control character U+0001; expected a value"),
    ]

    @Test(arguments: cases.indices)
    func pointsAtTheProblem(index: Int) throws {
        let (payload, message) = Self.cases[index]
        let marked = MarkedText(payload)
        do {
            _ = try JSONTree.parse(marked.bytes)
            Issue.record("\(payload) was accepted")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.location.offset == marked.offset, "\(error)")
            #expect(error.location.column == marked.column)
        }
    }

    @Test func unclosedContainerNamesWhereItOpened() {
        do {
            _ = try JSONTree.parse(Array("{\n  \"a\": [1,\n  2\n".utf8))
        } catch {
            #expect(error.location.line == 4)
            #expect(error.message.contains("opened at 2:8"))
        }
    }

    @Test func hostileTextInMessagesIsEscaped() {
        do {
            _ = try JSONTree.parse(Array("[\u{1B}]2;pwned\u{7}]".utf8))
            Issue.record("accepted")
        } catch {
            #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
            #expect(error.message.contains("U+001B"))
        }
    }
}

/// A payload with a 📍 marker: the marker is removed and its offset and column kept.
struct MarkedText {
    let bytes: [UInt8]
    let offset: Int
    let column: Int

    init(_ text: String) {
        let marker = "📍"
        let before = text.components(separatedBy: marker)[0]
        offset = before.utf8.count
        column = (before.components(separatedBy: "\n").last ?? "").unicodeScalars.count + 1
        bytes = Array(text.replacingOccurrences(of: marker, with: "").utf8)
    }
}

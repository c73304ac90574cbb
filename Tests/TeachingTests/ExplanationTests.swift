import DecodingEngine
import Foundation
import JSONTree
import Testing

@testable import Teaching

/// Explanations say what the model expected, what the payload holds, and what really happened
/// where Foundation's message points elsewhere.
@Suite("Explanations")
struct ExplanationTests {
    static func explain(_ sample: String) throws -> Explanation {
        let s = try Sample(folder: Sample.root.appendingPathComponent(sample))
        return try #require(Teacher(context: s.context).explanations(for: s.report).first)
    }

    @Test("a number that does not fit: not invalid JSON, but this number at this path")
    func numberThatDoesNotFit() throws {
        let e = try Self.explain("21-number-overflow")
        #expect(e.expected == "a `UInt8` for `brightness` (`let brightness: UInt8` in Channel)")
        #expect(e.found == "the number 300")
        #expect(e.why == "300 does not fit in UInt8 (0...255)")
        #expect(e.reality?.contains("the JSON is valid") == true && e.reality?.hasSuffix("$.channels[1].brightness") == true)
    }

    @Test("an .iso8601 error: the date's own key, which the codingPath leaves out, and what is wrong with it")
    func iso8601KeyLeftOut() throws {
        let e = try Self.explain("09-dates-iso8601")
        #expect(e.found == #"a string, "2024-04-02 09:00:00""#)
        #expect(e.why == #"date and time are separated by " " instead of "T" and it has no time zone (Z or +hh:mm)"#)
        #expect(
            e.reality
                == "the .iso8601 strategy leaves the date's own key out of the codingPath; the date is `startsAt` at $.events[2].startsAt")
    }

    @Test("optional is not empty: {} for an optional struct")
    func emptyObjectForOptional() throws {
        let e = try Self.explain("14-empty-object-optional")
        #expect(e.found == "an empty object {}")
        #expect(e.reality?.hasPrefix("`shipping` is optional, but optional means missing or null, not empty") == true)
    }

    @Test("the acronym trap, named as such")
    func acronymTrap() throws {
        let e = try Self.explain("13-snake-case-acronym")
        #expect(e.why?.contains(#""base_url" becomes "baseUrl", never "baseURL""#) == true)
    }

    @Test("hostile payload text is escaped and abbreviated")
    func hostileTextIsEscaped() throws {
        let lesson = try Lesson(
            "struct A: Decodable { let n: Int }", "{\"n\": \"\\u001b]0;owned\\u0007" + String(repeating: "x", count: 60) + "\"}", type: "A")
        let found = lesson.teaching.lessons[0].explanation.found
        #expect(!found.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) })
        #expect(found.hasPrefix(#"a string, "\u{1B}]0;owned\u{7}"#) && found.hasSuffix("…\""))
    }

    @Test("invalid JSON: Foundation's message has no position; the explanation has it")
    func invalidJSON() throws {
        let error = JSONParseError(.unexpectedEnd(expected: .value, openedAt: nil), at: SourceLocation(line: 3, column: 7, offset: 20))
        let e = Explanation(parseError: error)
        #expect(e.expected == "valid JSON")
        #expect(e.reality?.contains("line 3, column 7") == true)
    }
}

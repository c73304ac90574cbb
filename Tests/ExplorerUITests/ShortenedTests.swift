import Testing

@testable import ExplorerUI

/// The one rule for shortening text: whole words, one `…`, never a word cut without it.
@Suite struct ShortenedTests {
    struct Case: CustomStringConvertible, Sendable {
        var text: String
        var width: Int
        var shown: String
        var description: String { "\(text) in \(width)" }
    }

    static let cases: [Case] = [
        Case(text: "fits whole", width: 10, shown: "fits whole"),
        Case(text: "Cannot get value of type Double -- found a string", width: 25, shown: "Cannot get value of type…"),
        // A separator left hanging is dropped before the ellipsis.
        Case(text: "Cannot get value of type Double -- found a string", width: 34, shown: "Cannot get value of type Double…"),
        Case(text: "removes this error; 114 others remain", width: 22, shown: "removes this error…"),
        // A first word too long for half the room is cut, and says so.
        Case(text: "\"Lavender,hand-made in small batches\"", width: 12, shown: "\"Lavender,h…"),
        // Text ending in an ellipsis gets no second one.
        Case(text: "Ada, Bob, … and Eve", width: 14, shown: "Ada, Bob, …"),
        Case(text: "{\"name\": \"Ada\", …} and more", width: 18, shown: "{\"name\": \"Ada\"…"),
        // Wide characters count twice.
        Case(text: "名前 が 長い ですね", width: 9, shown: "名前 が…"),
        Case(text: "anything", width: 1, shown: "…"),
        Case(text: "anything", width: 0, shown: ""),
    ]

    @Test(arguments: cases)
    func textIsCutAtAWordWithOneEllipsis(_ test: Case) {
        let shown = Shortened.text(test.text, width: test.width)
        #expect(shown == test.shown)
        #expect(DisplayWidth.of(shown) <= test.width)
    }

    @Test func aPathKeepsItsEnd() {
        #expect(Shortened.fromLeft("SamplePayloads/01-basics/Models.swift", width: 14) == "…/Models.swift")
        #expect(Shortened.fromLeft("Models.swift", width: 14) == "Models.swift")
    }

    /// Key hints: the most useful stay whole, shown in their own order.
    @Test func partsDropTheLeastImportantWhole() {
        let hints = ["j/k move", "o options", "]e next error", "F1 help"]
        #expect(Shortened.parts(hints, priority: [0, 2, 1, 0], width: 80) == "j/k move  o options  ]e next error  F1 help")
        #expect(Shortened.parts(hints, priority: [0, 2, 1, 0], width: 36) == "j/k move  ]e next error  F1 help")
        #expect(Shortened.parts(hints, priority: [0, 2, 1, 0], width: 20) == "j/k move  F1 help")
    }

    /// The header's verdict on a narrow screen: the type gives way, the outcome stays whole.
    @Test func aVerdictKeepsItsOutcome() {
        var decode = DecodeSession(setup: DecodeSetup(modelPaths: [], typeExpression: "[String: [CartItemWithALongName]]"))
        decode.phase = .failed("x")
        var verdict = DecodeVerdict(decode)
        verdict.text = "[String: [CartItemWithALongName]]  ✖ 3 errors"
        #expect(verdict.text(width: 30) == "[String: [CartIte…  ✖ 3 errors")
        #expect(verdict.text(width: 60) == verdict.text)
    }
}

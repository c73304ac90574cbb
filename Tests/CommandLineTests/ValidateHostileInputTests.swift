import Foundation
import JSONTree
import Testing

@testable import CodableExplorerCommands
@testable import CommandRuns

/// `validate` on the inputs of issue 11: what the user reads.
@Suite struct ValidateHostileInputTests {
    static func text(_ payload: [UInt8], json5: Bool = false) -> String {
        ValidationReport(payload: payload, options: .init(json5: json5)).text(file: "p.json", payload: payload)
    }

    @Test func aDocumentPastTheNestingLimitIsRejectedWhateverTheModel() {
        let text = Self.text(Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8))
        #expect(text.contains("p.json:1:513: error: nesting deeper than 512 levels"))
        #expect(text.contains("p.json: invalid: JSONDecoder rejects it whatever the model"))
    }

    @Test func theLast513thBracketSaysAnAppCrashes() {
        let text = Self.text(Array(repeating: UInt8(ascii: "["), count: 513))
        #expect(
            text.hasPrefix(
                "p.json:1:513: error: the input ends with the `[` that opens level 513 of nesting: an app decoding this with JSONDecoder crashes"
            ))
    }

    @Test func aBadValueUnderARepeatedKeyIsAWarning() throws {
        let path = try ValidateCommandTests.temporaryFile(#"{"a":1,"a":"\uD800"}"#)
        #expect(try ValidateCommandTests.exitCode(["validate", path]) == 0)
        let text = Self.text(Array(#"{"a":1,"a":"\uD800"}"#.utf8))
        #expect(text.contains("p.json:1:13: warning: unpaired UTF-16 surrogate"))
        #expect(text.hasSuffix("0 errors, 2 warnings"))
    }

    @Test func unreadablePathsExitTwo() throws {
        let dir = ValidateCommandTests.temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let loop = dir.appendingPathComponent("loop.json").path
        _ = symlink(loop, loop)
        #expect(try ValidateCommandTests.exitCode(["validate", loop]) == 2)
        #expect(try ValidateCommandTests.exitCode(["validate", "/dev/zero"]) == 2)
    }

    @Test func manyWarningsOnOneLineEachShowTheirColumn() {
        let text = Self.text(Array(("[" + String(repeating: "[1,],", count: 2_000) + "[1]]").utf8))
        let lines = text.split(separator: "\n")
        // Three lines a diagnostic (message, excerpt, caret) and the summary.
        #expect(lines.count == 2_000 * 3 + 1)
        #expect(lines[3 * 1_999].hasPrefix("p.json:1:\(4 + 5 * 1_999): warning: trailing comma"))
        #expect(lines.filter { $0.hasPrefix("[") || $0.hasPrefix("…") }.allSatisfy { $0.count <= 102 })
    }
}

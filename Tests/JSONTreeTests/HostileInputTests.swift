import Foundation
import Testing

@testable import JSONTree

/// The inputs of issue 11 that froze the tool or got a verdict other than JSONDecoder's.
/// Work is asserted by counting (never by clock); verdicts are asked of Foundation.
@Suite struct HostileInputTests {
    // MARK: Duplicate keys in linear work

    static func object(_ keys: [String]) -> [UInt8] {
        Array(("{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}").utf8)
    }

    /// Parses with a counter of the key comparisons the duplicate check makes.
    static func parseCounting(_ bytes: [UInt8]) throws -> (JSONTree, comparisons: Int) {
        let counter = DuplicateKeyFinder.ComparisonCounter()
        let tree = try DuplicateKeyFinder.$comparisons.withValue(counter) { try JSONTree.parse(bytes) }
        return (tree, counter.count)
    }

    @Test func keysThatDifferOnlyInTheMiddleAreComparedLinearly() throws {
        // Same length, same first and last eight bytes: the old hash put them all together.
        let keys = (0..<20_000).map { String(format: "https://example.com/users/%07d/profile", $0) }
        let (tree, comparisons) = try Self.parseCounting(Self.object(keys))
        #expect(tree.issues.isEmpty)
        #expect(tree.isAcceptedByJSONDecoder)
        #expect(comparisons < keys.count, "\(comparisons) key comparisons for \(keys.count) distinct keys")
    }

    @Test func smallObjectsOfKeysThatDifferOnlyInTheMiddleStayBounded() throws {
        // Plain keys of small objects get a cheap signature (length, first and last eight bytes):
        // these 32 all share it, so every pair is compared, and no more; the one repeat is found.
        let keys = (0..<31).map { String(format: "https://example.com/users/%07d/profile", $0) }
        let records = (0..<1_000).map { _ in String(decoding: Self.object(keys + [keys[17]]), as: UTF8.self) }
        let (tree, comparisons) = try Self.parseCounting(Array(("[" + records.joined(separator: ",") + "]").utf8))
        #expect(tree.warnings.count == 1_000)
        #expect(tree.warnings.allSatisfy { $0.message.contains("/0000017/") })
        #expect(comparisons <= 1_000 * 32 * 31 / 2, "\(comparisons) key comparisons in 1,000 objects of 32 keys")
    }

    @Test func oneKeyRepeatedIsComparedOncePerRepeat() throws {
        let count = 20_000
        let (tree, comparisons) = try Self.parseCounting(Self.object(Array(repeating: "key", count: count)))
        let duplicates = tree.issues.filter { if case .duplicateKey = $0.kind { true } else { false } }
        #expect(duplicates.count == count - 1)
        #expect(comparisons <= count, "\(comparisons) key comparisons for \(count) repeats")
        // Every repeat names the first occurrence, and sits on its own key.
        #expect(duplicates.allSatisfy { $0.message == #"duplicate key "key" (first at 1:2); JSONDecoder uses the first value"# })
        #expect(duplicates.first?.location.column == 10)
        #expect(duplicates.last?.location == tree.keyLocation(Array(tree.children(tree.root)).last!))
    }

    @Test func escapedAndPlainSpellingsOfAKeyMeetInALargeObject() throws {
        var keys = (0..<100).map { "k\($0)" }
        keys.append(#"\u006b7"#)  // "k7"
        let tree = try JSONTree.parse(Self.object(keys))
        #expect(tree.issues.count == 1)
        if case let .duplicateKey(key, first) = tree.issues.first?.kind {
            #expect(key == "k7")
            let members = Array(tree.children(tree.root))
            #expect(first == tree.keyLocation(members[7]))
            #expect(tree.issues.first?.location == tree.keyLocation(members[100]))
        } else {
            Issue.record("expected a duplicate key, got \(tree.issues)")
        }
    }

    // MARK: Many diagnostics on one line

    @Test func columnsOfManyIssuesOnOneLineAreTheColumnsOfEach() throws {
        let count = 5_000
        let text = "[" + String(repeating: "[1,],", count: count) + "[1]]"
        let tree = try JSONTree.parse(Array(text.utf8))
        #expect(tree.issues.count == count)
        // `[[1,],[1,],…`: the k-th trailing comma is byte 4 + 5k, column 5 + 5k.
        for (k, issue) in tree.issues.enumerated() {
            #expect(issue.location == SourceLocation(line: 1, column: 4 + 5 * k, offset: 3 + 5 * k))
        }
    }

    // MARK: Bounded messages and excerpts

    @Test func aHugeNumberIsNotRepeatedInFullInItsMessage() throws {
        let digits = String(repeating: "1", count: 100_000)
        let tree = try JSONTree.parse(Array("[\(digits)]".utf8))
        let message = try #require(tree.issues.first?.message)
        #expect(message.count < 200)
        #expect(message.contains("(100000 bytes)"))
        #expect(message.hasPrefix("number `1111"))
    }

    /// The excerpt of a location deep in one long line is a window around it, in any encoding.
    @Test(arguments: [TextEncoding.utf8, .utf16LittleEndian, .utf16BigEndian, .utf32BigEndian])
    func anExcerptIsAWindowAroundTheColumn(encoding: TextEncoding) throws {
        let length = 2_000_000
        var text = "[\"" + String(repeating: "a", count: length) + "é\u{1}" + String(repeating: "b", count: length) + "\"]"
        text += "\n"
        let bytes = Self.encode(text, encoding)
        let tree = try JSONTree.parse(bytes)
        let issue = try #require(tree.issues.first)
        #expect(issue.location.line == 1 && issue.location.column == length + 4)
        let excerpt = SourceExcerpt(payload: bytes, location: issue.location)
        #expect(excerpt.line.count <= 110)
        #expect(excerpt.line.hasPrefix("…aaaa") && excerpt.line.hasSuffix("bbbb…"))
        // The caret sits under the control character, shown escaped.
        let caret = excerpt.caret.count - 1
        #expect(Array(excerpt.line)[caret...].starts(with: Array("\\u{1}")), "\(excerpt.line)\n\(excerpt.caret)")
        #expect(Array(excerpt.line)[caret - 1] == "é")
    }

    @Test func anExcerptAtTheStartOfAHugeLineOfZerosIsShort() {
        let bytes = [UInt8](repeating: 0, count: 50_000_000)
        let excerpt = SourceExcerpt(payload: bytes, location: SourceLocation(line: 1, column: 1, offset: 0))
        #expect(excerpt.line.count < 1_000)
        #expect(excerpt.caret == "^")
    }

    static func encode(_ text: String, _ encoding: TextEncoding) -> [UInt8] {
        switch encoding {
        case .utf8: return Array(text.utf8)
        case .utf16LittleEndian: return text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case .utf16BigEndian: return text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .utf32BigEndian: return text.unicodeScalars.flatMap { s in [24, 16, 8, 0].map { UInt8((s.value >> $0) & 0xFF) } }
        case .utf32LittleEndian: return text.unicodeScalars.flatMap { s in [0, 8, 16, 24].map { UInt8((s.value >> $0) & 0xFF) } }
        }
    }
}

import Foundation
import TestSupport
import Testing

@testable import JSONTree

/// A large strict JSON payload is scanned in parts on several threads, each later part from a
/// state it assumes (cut just after a comma and a line break): the tree must be the one-thread
/// tree, every column, line start, issue and error the same, whether the parts fit or not.
@Suite struct ScanPartsTests {
    /// Everything a scan produces, to compare whole.
    struct Scan: Equatable, CustomStringConvertible {
        var kinds: [UInt8] = []
        var starts: [UInt32] = []
        var ends: [UInt32] = []
        var parents: [UInt32] = []
        var subtreeEnds: [UInt32] = []
        var keys: [UInt32] = []
        var lineStarts: [UInt32] = []
        var issues: [JSONIssue] = []
        var error: String?

        var description: String {
            error.map { "error \($0)" }
                ?? "\(kinds.count) nodes, \(lineStarts.count) lines, issues \(issues.map { "\($0.node)@\($0.location)" })"
        }
    }

    static func column<T>(_ c: FrozenColumn<T>) -> [T] { Array(UnsafeBufferPointer(start: c.base, count: c.count)) }

    /// The scan of `bytes` in `parts` parts (nil: one thread), and how many parts were stitched
    /// on and scanned again.
    static func scan(_ bytes: [UInt8], parts: Int?) -> (scan: Scan, tally: ScanPart.Tally) {
        let tally = ScanPart.Tally()
        let result = ScanPart.$tally.withValue(tally) {
            ScanPart.$forcedCount.withValue(parts ?? 1) { Result { () throws(JSONParseError) in try JSONTree.parse(bytes) } }
        }
        switch result {
        case .failure(let error):
            return (Scan(error: "\(error.location) \(error)"), tally)
        case .success(let tree):
            let s = tree.storage
            let scan = Scan(
                kinds: column(s.kinds), starts: column(s.starts), ends: column(s.ends), parents: column(s.parents),
                subtreeEnds: column(s.subtreeEnds), keys: column(s.keys), lineStarts: column(s.lines.starts), issues: tree.issues)
            return (scan, tally)
        }
    }

    /// Cut at every line break that can be cut at.
    static func everyCut(_ bytes: [UInt8]) -> Int { bytes.count + 1 }

    /// Scans `text` alone and cut at every line break; returns the tally of the cut scan.
    @discardableResult
    static func expectSame(_ text: String, parts: Int? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ScanPart.Tally {
        let bytes = Array(text.utf8)
        let alone = scan(bytes, parts: nil)
        let split = scan(bytes, parts: parts ?? everyCut(bytes))
        #expect(alone.tally.stitched + alone.tally.rescanned == 0, sourceLocation: sourceLocation)
        #expect(split.scan == alone.scan, "\(text)", sourceLocation: sourceLocation)
        return split.tally
    }

    // MARK: Documents that fit: every part is stitched on

    @Test func nestedContainersStraddleTheCuts() {
        let text = """
            {"data": [
              {"id": 1, "tags": [
                "a",
                "b"], "more": {"x": [1,
                2, {"y": null,
                "z": true}]}},
              {"id": 2,
               "deep": [[[[
                 1,
                 2]]]],
               "s": "caf\\u00e9"},
              [],
              {}
            ],
            "count": 2,
            "last": [false,
             -1.5e3]
            }
            """
        let tally = Self.expectSame(text)
        #expect(tally.stitched == text.components(separatedBy: ",\n").count - 1)
        #expect(tally.rescanned == 0)
        // Two parts, as a 2-core machine cuts it.
        #expect(Self.expectSame(text, parts: 2).stitched == 1)
    }

    @Test func issuesInLaterPartsKeepTheirLocations() {
        let text = """
            [
              "fine",
              "bad \\q escape",
              01,
              1e999,
              "\\uD800 lone",
              {"k\\x": 1,
               "raw\u{1}control": 2},
              [1,
               2,
              ],
              "after the trailing comma"
            ]
            """
        let tally = Self.expectSame(text)
        #expect(tally.stitched > 0)
        let issues = Self.scan(Array(text.utf8), parts: Self.everyCut(Array(text.utf8))).scan.issues
        #expect(issues.map(\.location.line) == [3, 4, 5, 6, 7, 8, 10])
    }

    @Test func duplicateKeysAcrossParts() {
        let text = "{\"a\": 1,\n\"b\": {\"c\": 1,\n\"c\": 2},\n\"\\u0061\": 3,\n\"cafe\u{301}\": 4,\n\"caf\u{E9}\": 5}"
        #expect(Self.expectSame(text).stitched == 5)
        #expect(Self.scan(Array(text.utf8), parts: 9).scan.issues.count == 3)
    }

    @Test func carriageReturnLineFeeds() {
        let text = "[\r\n  {\"a\": 1,\r\n   \"b\": [2,\r\n   3]},\r\n  \"x\\q\"\r\n]\r\n"
        #expect(Self.expectSame(text).stitched == 3)
    }

    @Test func nestingJustWithinTheLimitAcrossACut() {
        // 512 levels: the inner arrays open in a later part.
        let text =
            String(repeating: "[", count: 500) + "1,\n" + String(repeating: "[", count: 12) + "2"
            + String(repeating: "]", count: 512)
        #expect(Self.expectSame(text).stitched == 1)
    }

    // MARK: Documents where a part does not fit: it is scanned again in line

    @Test func nestingPastTheLimitInALaterPart() {
        let text =
            String(repeating: "[", count: 500) + "1,\n" + String(repeating: "[", count: 13) + "2"
            + String(repeating: "]", count: 513)
        let tally = Self.expectSame(text)
        #expect(tally.rescanned == 1)
        #expect(Self.scan(Array(text.utf8), parts: 2).scan.issues.count == 1)
    }

    @Test func structuralErrorInALaterPart() {
        #expect(Self.expectSame("[\n1,\n2,\n3 4,\n5\n]").rescanned > 0)
        #expect(Self.expectSame("{\"a\": [1,\n2,\n3}").rescanned > 0)
        #expect(Self.expectSame("[1,\n2]]").rescanned > 0)
        #expect(Self.expectSame("[1,\n2").rescanned > 0)
        #expect(Self.expectSame("[1,\n2] x").rescanned > 0)
    }

    @Test func wrongGuessOfTheContainerKind() {
        // The part guesses an object ("b" then a colon) and reads on without an error; the
        // container open there is an array.
        let tally = Self.expectSame("{\"a\": [1,\n\"b\": 2}, 3]")
        #expect(tally.rescanned == 1 && tally.stitched == 0)
        // An array of strings, then a string and a colon (not JSON).
        #expect(Self.expectSame("[\"a\",\n\"b\": 1]").rescanned == 1)
        // An object after all: the guess of an element is wrong.
        #expect(Self.expectSame("{\"a\": 1,\n2}").rescanned == 1)
    }

    @Test func cutInsideAStringWithARawLineBreak() {
        // A raw line break in a string is a content issue, not a stop: the comma before it is
        // no cut, and the scan passes the part's start inside the string.
        let tally = Self.expectSame("[\"a,\nb\",\n\"c,\nd\",\n1]")
        #expect(tally.rescanned > 0)
        Self.expectSame("{\"k\": \"x,\n\", \"z\": [1,\n2]}")
    }

    // MARK: Randomized

    /// A random value, pretty-printed with a line break after most commas; now and then a
    /// content issue, a repeated key or a raw line break in a string.
    static func randomValue(_ rng: inout SeededGenerator, depth: Int, indent: String) -> String {
        let inner = indent + " "
        let roll = Int.random(in: 0..<12, using: &rng)
        if depth > 0 && roll < 4 {
            let n = Int.random(in: 0..<5, using: &rng)
            let isObject = roll < 2
            let items = (0..<n).map { k in
                let value = randomValue(&rng, depth: depth - 1, indent: inner)
                return isObject ? "\"\(["a", "b", "c", "\\u0061", "long key"].randomElement(using: &rng)!)\(k % 3)\": \(value)" : value
            }
            let separators = (0..<max(0, n - 1)).map { _ in Int.random(in: 0..<4, using: &rng) == 0 ? ", " : ",\n" + inner }
            var body = ""
            for (k, item) in items.enumerated() { body += item + (k < separators.count ? separators[k] : "") }
            if n > 0 && Int.random(in: 0..<20, using: &rng) == 0 { body += ",\n" + inner }
            return (isObject ? "{" : "[") + (n > 0 ? "\n" + inner : "") + body + (isObject ? "}" : "]")
        }
        return [
            "1", "-0.5", "2e10", "01", "1e999", "true", "null", "\"s\"", "\"e\\u00e9\"", "\"bad\\q\"", "\"\\uD800\"",
            "\"x,\ny\"", "\"caf\u{E9}\"", "\"\u{1F600}\"",
        ].randomElement(using: &rng)!
    }

    @Test func randomDocumentsCutAtEveryLineBreak() {
        var rng = SeededGenerator(seed: 23)
        var stitched = 0
        var rescanned = 0
        for _ in 0..<400 {
            var bytes = Array(Self.randomValue(&rng, depth: 6, indent: "").utf8)
            // One in four loses or gains a byte somewhere: broken documents too.
            if Int.random(in: 0..<4, using: &rng) == 0, !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                if Bool.random(using: &rng) {
                    bytes.remove(at: at)
                } else {
                    bytes.insert(Array("{}[],:\"\n1".utf8).randomElement(using: &rng)!, at: at)
                }
            }
            let alone = Self.scan(bytes, parts: nil).scan
            for parts in [Self.everyCut(bytes), 2, 3] {
                let split = Self.scan(bytes, parts: parts)
                #expect(split.scan == alone, "\(String(decoding: bytes, as: UTF8.self)) in \(parts) parts")
                stitched += split.tally.stitched
                rescanned += split.tally.rescanned
            }
        }
        // The run exercised both ways.
        #expect(stitched > 300)
        #expect(rescanned > 20)
    }

    @Test func mutatedCorpusCutAtEveryLineBreak() throws {
        let corpus = try MutationGenerator.corpus(repositoryRoot: TestSuiteFixtures.repositoryRoot)
        var generator = MutationGenerator(seed: 2323, seeds: corpus)
        var stitched = 0
        for input in corpus.map({ MutationGenerator.Input(bytes: $0, json5: false, recipe: "") })
            + (0..<1500).map({ _ in generator.next() })
        where !input.json5 {
            let alone = Self.scan(input.bytes, parts: nil).scan
            let split = Self.scan(input.bytes, parts: Self.everyCut(input.bytes))
            #expect(split.scan == alone, "\(input.recipe)")
            stitched += split.tally.stitched
        }
        #expect(stitched > 100)
    }
}

import Foundation
import TestSupport
import Testing

@testable import JSONTree

/// Strings, numbers and keys read from the table, checked against what Foundation reads.
@Suite struct ValueTests {
    @Test(arguments: [
        #""plain""#, #""caf\u00e9""#, #""\ud83d\ude00 smile""#, #""tab\tquote\"slash\/back\\""#,
        #""\b\f\n\r""#, #""日本語""#, #""""#,
    ])
    func stringsUnescapeLikeFoundation(literal: String) throws {
        let tree = try JSONTree.parse(Array(literal.utf8))
        let foundation = try JSONDecoder().decode(String.self, from: Data(literal.utf8))
        #expect(tree.stringValue(tree.root) == foundation)
    }

    /// Escapes mixed with raw UTF-8 of every width, 300 strings: what Foundation decodes, byte for byte.
    @Test func mixedEscapesUnescapeLikeFoundation() throws {
        let pieces = [
            "a", "é", "日", "😀", #"\n"#, #"\""#, #"\u00e9"#, #"\ud83d\ude00"#, #"\/"#, #"\\"#, #"\r"#, #"\t"#, #"\u0000"#,
            #"\b"#, " ", #"\u65e5"#, #"\r\n"#,
        ]
        var generator = SeededGenerator(seed: 35)
        for _ in 0..<300 {
            let literal =
                "\"" + (0..<Int.random(in: 0..<40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() + "\""
            let tree = try JSONTree.parse(Array(literal.utf8))
            let foundation = try JSONDecoder().decode(String.self, from: Data(literal.utf8))
            #expect(tree.stringValue(tree.root) == foundation, "\(literal)")
            #expect(tree.stringValue(tree.root).map { Array($0.utf8) } == Array(foundation.utf8), "\(literal)")
            #expect(tree.stringUTF8(tree.root) == Array(foundation.utf8), "\(literal)")
        }
    }

    /// A string's UTF-8 made without its `String` (ASCII) is the `String`'s, and contents that are
    /// not UTF-8 (a lone surrogate, a stray byte, a cut sequence) are repaired as the `String` repairs them.
    @Test func stringBytesAreTheStringsBytes() throws {
        let literals: [[UInt8]] = [
            Array(#""plain ascii""#.utf8), Array(#""with \"escapes\" and \\ \/ \n""#.utf8), Array(#""caf\u00e9 é""#.utf8),
            Array(#""lone \ud800 surrogate""#.utf8), Array(#""\udc00 low first""#.utf8), [0x22, 0x61, 0xFF, 0x62, 0x22],
            [0x22, 0xE6, 0x97, 0x22], [0x22, 0x5C, 0x6E, 0xC3, 0x22], [0x22, 0x22],
        ]
        for literal in literals {
            let tree = try JSONTree.parse(literal)
            #expect(tree.stringUTF8(tree.root) == tree.stringValue(tree.root).map { Array($0.utf8) }, "\(literal)")
        }
        let object = try JSONTree.parse(Array(#"{"a": 1}"#.utf8))
        #expect(object.stringUTF8(object.root) == nil)
    }

    @Test func keysAreUnescapedAndKeptInOrder() throws {
        let tree = try JSONTree.parse(Array(#"{"b": 1, "a\u0062": 2, "é": 3}"#.utf8))
        #expect(tree.children(tree.root).map { tree.key($0) } == ["b", "ab", "é"])
        #expect(tree.member(tree.root, key: "ab").map { tree.rawText($0) } == "2")
    }

    @Test func numbersKeepTheirText() throws {
        let tree = try JSONTree.parse(Array("[40.00, 1E+2, -0, 12345678901234567890123]".utf8))
        #expect(tree.children(tree.root).map { tree.rawText($0) } == ["40.00", "1E+2", "-0", "12345678901234567890123"])
    }

    static let conversions: [(String, Result<Int64, JSONNumber.ConversionError>)] = [
        ("42", .success(42)), ("-9223372036854775808", .success(.min)), ("9223372036854775808", .failure(.overflow)),
        ("1.5", .failure(.fraction)), ("1.0", .success(1)), ("1e2", .success(100)), ("2.50e1", .success(25)),
        ("2.55e1", .failure(.fraction)),
        ("1e400", .failure(.overflow)), ("0.000", .success(0)), ("12345678901234567891", .failure(.overflow)),
    ]

    @Test(arguments: conversions.indices)
    func integersConvertExactly(index: Int) {
        let (text, expected) = Self.conversions[index]
        #expect(JSONNumber(text).integer(as: Int64.self) == expected, "\(text)")
    }

    @Test func narrowIntegersReportOverflow() {
        #expect(JSONNumber("300").integer(as: UInt8.self) == .failure(.overflow))
        #expect(JSONNumber("255").integer(as: UInt8.self) == .success(255))
        #expect(JSONNumber("-1").integer(as: UInt.self) == .failure(.overflow))
        #expect(JSONNumber("-128").integer(as: Int8.self) == .success(-128))
    }

    /// Plain digits (read as they are) convert as Swift's own parser reads them, to every width, and
    /// what is not plain (a leading zero, a fraction, 19 digits and more) as before.
    @Test func plainDigitsConvertAsSwiftReadsThem() {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "7", "-7", "255", "256", "-128", "-129", "65535", "999999999999999999", "-999999999999999999"]
        for digits in 1...18 {
            for _ in 0..<20 {
                let value = String(UInt64.random(in: 0..<UInt64(pow(10.0, Double(digits))), using: &generator))
                texts += [value, "-" + value]
            }
        }
        func check<T: FixedWidthInteger>(_ type: T.Type, _ text: String) {
            // Minus zero is zero, in every width (below): Swift's parser has its own view of it.
            guard text != "-0" else { return }
            let expected: Result<T, JSONNumber.ConversionError> = T(text).map { .success($0) } ?? .failure(.overflow)
            #expect(JSONNumber(text).integer(as: type) == expected, "\(text) as \(type)")
        }
        for text in texts {
            check(Int8.self, text)
            check(UInt8.self, text)
            check(Int32.self, text)
            check(UInt32.self, text)
            check(Int64.self, text)
            check(UInt64.self, text)
            check(Int.self, text)
        }
        for text in ["-0", "0"] {
            #expect(JSONNumber(text).integer(as: UInt8.self) == .success(0))
            #expect(JSONNumber(text).integer(as: Int.self) == .success(0))
        }
        #expect(JSONNumber("1234567890123456789").integer(as: Int64.self) == .success(1_234_567_890_123_456_789))
        #expect(JSONNumber("-").integer(as: Int.self) == .failure(.notANumber))
        #expect(JSONNumber("").integer(as: Int.self) == .failure(.notANumber))
        #expect(JSONNumber("1a").integer(as: Int.self) == .failure(.notANumber))
    }

    @Test func floatingPointAndDecimal() throws {
        #expect(JSONNumber("0.1").double == .success(0.1))
        #expect(JSONNumber("1e400").double == .failure(.overflow))
        #expect(JSONNumber("1e39").float == .failure(.overflow))
        #expect(JSONNumber("123.456e-789").double == .success(0))
        #expect(try JSONNumber("3.14159265358979323846").decimal.get().description == "3.14159265358979323846")
    }

    @Test func lazyProblemsAreIssuesNotFailures() throws {
        // The issue points at the escape itself, and at the start of a bad number.
        let bad = MarkedText(#"{"ok": 1, "bad": "a📍\qb", "big": 1e400, "zero": 01}"#)
        let big = MarkedText(#"{"ok": 1, "bad": "a\qb", "big": 📍1e400, "zero": 01}"#)
        let zero = MarkedText(#"{"ok": 1, "bad": "a\qb", "big": 1e400, "zero": 📍01}"#)
        let tree = try JSONTree.parse(bad.bytes)
        #expect(tree.isAcceptedByJSONDecoder == false)
        #expect(tree.errors.map(\.node) == [2, 3, 4])
        #expect(tree.errors.map(\.location.column) == [bad.column, big.column, zero.column])
        #expect(tree.hasIssue(2) && !tree.hasIssue(1))
    }

    @Test func duplicateKeysAreWarnings() throws {
        let tree = try JSONTree.parse(Array("{\"a\": 1,\n \"b\": 2,\n \"\\u0061\": 3}".utf8))
        #expect(tree.warnings.count == 1)
        #expect(tree.isDuplicateKey(3) && !tree.isDuplicateKey(1))
        guard case let .duplicateKey(key, first) = tree.warnings[0].kind else { Issue.record("not a duplicate"); return }
        #expect(key == "a" && first.line == 1 && tree.warnings[0].location.line == 3)
        // JSONDecoder takes the first.
        #expect(tree.member(tree.root, key: "a") == 1)
    }

    /// `JSONDecoder` keeps an object's keys as Swift strings, which are equal under canonical
    /// equivalence: an NFD key after its NFC spelling (or the Kelvin sign after `K`) is the same
    /// key, the first wins, and the repeat's value is never read, bad as it may be.
    @Test(arguments: [("\u{E9}", "e\u{301}"), ("e\u{301}", "\u{E9}"), ("K", "\u{212A}"), ("\u{212A}", "K")])
    func keysEqualUnderCanonicalEquivalenceAreOneKey(first: String, second: String) throws {
        let text = "{\"\(first)\": 1, \"\(second)\": \"\\ud800\", \"z\": 2}"
        let tree = try JSONTree.parse(Array(text.utf8))
        #expect(tree.isDuplicateKey(2) && !tree.isDuplicateKey(1) && !tree.isDuplicateKey(3))
        #expect(tree.errors.isEmpty)
        // Foundation agrees: one key, the first's value, the repeat's bad string never read.
        let decoded = try JSONDecoder().decode([String: Int].self, from: Data(text.utf8))
        #expect(decoded.count == 2 && decoded[first] == 1)
    }

    @Test func keysThatShareTheirEndsAreNotDuplicates() throws {
        // Same length, same first and last eight bytes: only the middle differs.
        let tree = try JSONTree.parse(Array(#"{"abcdefghXstuvwxyz": 1, "abcdefghYstuvwxyz": 2, "abcdefghXstuvwxyz": 3}"#.utf8))
        #expect(tree.warnings.map(\.node) == [3])
    }

    @Test func largeObjectsFindDuplicatesToo() throws {
        let members = (0..<100).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0"]
        let tree = try JSONTree.parse(Array("{\(members.joined(separator: ","))}".utf8))
        #expect(tree.warnings.count == 1)
        #expect(tree.warnings.first?.node == 101)
    }
}

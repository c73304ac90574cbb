import Foundation
import Testing

/// Untrusted text on the command line's own output (issue 11): what the user typed, file names,
/// names from the model and U+2028/U+2029 from the payload reach the terminal escaped.
@Suite struct TerminalSafetyTests {
    static func run(_ arguments: [String], files: [String: [UInt8]]) throws -> (status: Int32, out: String, err: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("safe-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, bytes) in files { FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data(bytes)) }
        return try FixCommandTests.run(arguments, in: dir)
    }

    static let model = Array("struct S: Decodable { var m: Int }\n".utf8)
    static let payload = Array(#"{"m": 1}"#.utf8)
    static let raw: [Unicode.Scalar] = ["\u{1B}", "\u{202E}", "\u{2028}", "\u{2029}", "\u{07}"]

    static func hasRaw(_ text: String) -> Bool { text.unicodeScalars.contains { raw.contains($0) } }

    @Test func aTypeExpressionWithEscapesIsEchoedEscaped() throws {
        let result = try Self.run(
            ["check", "p.json", "--model", "M.swift", "--type", "X\u{1B}]0;owned\u{07}\u{202E}S"],
            files: ["p.json": Self.payload, "M.swift": Self.model])
        #expect(result.status == 2)
        #expect(!Self.hasRaw(result.err))
        #expect(result.err.contains(#"X\u{1B}]0;owned\u{7}\u{202E}S"#), "\(result.err)")
    }

    @Test func aFileNameWithEscapesIsEchoedEscaped() throws {
        let result = try Self.run(
            ["check", "no\u{1B}[2Jfile\u{2028}.json", "--model", "M.swift", "--type", "S"],
            files: ["M.swift": Self.model])
        #expect(result.status == 2)
        #expect(!Self.hasRaw(result.err))
        #expect(result.err.contains(#"no\u{1B}[2Jfile\u{2028}.json"#), "\(result.err)")
    }

    @Test func aTypeNameFromTheModelIsEchoedEscaped() throws {
        let model = Array("struct S: Decodable { var m: Nope }\nstruct Nope\u{202E}x: Decodable {}\n".utf8)
        // The schema engine names the near match from the model; swiftc (auto mode) has its own words.
        let result = try Self.run(
            ["check", "p.json", "--model", "M.swift", "--type", "S", "--mode", "schema"],
            files: ["p.json": Self.payload, "M.swift": model])
        #expect(result.status == 2)
        #expect(!Self.hasRaw(result.err))
        #expect(result.err.contains(#"Nope\u{202E}x"#), "\(result.err)")
        let compiled = try Self.run(
            ["check", "p.json", "--model", "M.swift", "--type", "S", "--mode", "compiled"],
            files: ["p.json": Self.payload, "M.swift": model])
        #expect(compiled.status == 2)
        #expect(!Self.hasRaw(compiled.err))
    }

    /// A line feed in a model file's name: every line of `check`'s text stays one line, the name
    /// shown escaped where the explanation names the model's call (compiled mode, `expected:`).
    @Test func aModelFileNameWithALineFeedStaysOnItsLine() throws {
        let model = Array(
            """
            struct Item: Decodable {
                let n: Int
                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    n = try c.decode(Int.self, forKey: .n)
                }
                enum CodingKeys: String, CodingKey { case n }
            }

            """.utf8)
        let result = try Self.run(
            ["check", "p.json", "--model", "Mo\ndels.swift", "--type", "[Item]", "--no-fixes"],
            files: ["p.json": Array(#"[{"n": "x"}]"#.utf8), "Mo\ndels.swift": model])
        #expect(result.status == 1, "\(result.out)\(result.err)")
        let expected = result.out.split(separator: "\n").filter { $0.hasPrefix("  expected:") }
        #expect(
            expected == [
                #"  expected: a value of type Int (`decode(Int.self, forKey: "n")` at Mo\ndels.swift:5:19 in Item's init(from:))"#
            ], "\(result.out)")
        #expect(!result.out.split(separator: "\n").contains { $0.hasPrefix("dels.swift") }, "\(result.out)")
    }

    @Test func lineAndParagraphSeparatorsAreEscapedByOutlineValidateAndCheck() throws {
        let payload = Array("{\"a\u{2028}b\": \"x\u{2029}y\", \"m\": \"\u{2028}\"}".utf8)
        let files = ["p.json": payload, "M.swift": Self.model]
        let outline = try Self.run(["outline", "p.json"], files: files)
        #expect(!Self.hasRaw(outline.out))
        #expect(outline.out.contains(#""a\u{2028}b": "x\u{2029}y""#), "\(outline.out)")
        let check = try Self.run(["check", "p.json", "--model", "M.swift", "--type", "S"], files: files)
        #expect(check.status == 1)
        #expect(!Self.hasRaw(check.out + check.err))
        let broken = Array("{\"a\u{2028}\": 1,}x".utf8)
        let validate = try Self.run(["validate", "p.json"], files: ["p.json": broken])
        #expect(!Self.hasRaw(validate.out + validate.err))
        #expect((validate.out + validate.err).contains(#"\u{2028}"#), "\(validate.out)\(validate.err)")
    }
}

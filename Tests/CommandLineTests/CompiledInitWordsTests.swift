import Foundation
import TestSupport
import Testing

/// A hand-written `init(from:)` is named as hand-written, with the call that threw and its line,
/// whatever module the model is compiled as: `--module-name App` (or a package target's module)
/// once made it "App.Item's synthesized init(from:)" (issue 36).
@Suite struct CompiledInitWordsTests {
    static let model = """
        struct Item: Decodable {
            let n: Int
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                n = try c.decode(Int.self, forKey: .n)
            }
            enum CodingKeys: String, CodingKey { case n }
        }

        """

    @Test(arguments: [[], ["--module-name", "App"]])
    func theThrowingCallOfAHandWrittenInitIsNamedInAnyModule(_ module: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("init-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"[{"n": "x"}]"#.utf8).write(to: folder.appendingPathComponent("p.json"))
        try Data(Self.model.utf8).write(to: folder.appendingPathComponent("Models.swift"))
        let result = try ProcessRunner.run(
            BuiltProduct.codableExplorer, ["check", "p.json", "--model", "Models.swift", "--type", "[Item]", "--no-fixes"] + module,
            in: folder)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let expected = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  expected:") }
        #expect(
            expected == [#"  expected: a value of type Int (`decode(Int.self, forKey: "n")` at Models.swift:5:19 in Item's init(from:))"#],
            "\(result.stdout)")
    }

    static let throwingModel = """
        struct Colour: Decodable {
            let hex: String
            init(from decoder: any Decoder) throws {
                let c = try decoder.singleValueContainer()
                hex = try c.decode(String.self)
                guard hex.hasPrefix("#") else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "\\(hex) has no #") }
            }
        }
        struct Palette: Decodable { let name: String; let colours: [Colour] }

        """

    /// An error a type's own code throws inside an array is that type's, not Array's: Array's call
    /// only passes it on (issue 36: "in Array's init(from:)").
    @Test(arguments: [[], ["--module-name", "App"]])
    func anErrorATypeThrowsInAnArrayIsNamedAsThatTypesInit(_ module: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("init-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(##"{"name": "p", "colours": ["#fff", "0a0"]}"##.utf8).write(to: folder.appendingPathComponent("p.json"))
        try Data(Self.throwingModel.utf8).write(to: folder.appendingPathComponent("Models.swift"))
        let result = try ProcessRunner.run(
            BuiltProduct.codableExplorer, ["check", "p.json", "--model", "Models.swift", "--type", "Palette", "--no-fixes"] + module,
            in: folder)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let expected = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  expected:") }
        #expect(expected == ["  expected: a value the model's type accepts (in Colour's hand-written init(from:))"], "\(result.stdout)")
    }
}

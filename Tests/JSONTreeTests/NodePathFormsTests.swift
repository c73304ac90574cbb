import Foundation
import Testing

@testable import JSONTree

/// The path forms jless copies (`yq`, `yb`), checked against what jq and JavaScript read.
@Suite struct NodePathFormsTests {
    @Test(arguments: [
        ("$", ".", ""),
        ("$.a.b[0]", ".a.b[0]", #"["a"]["b"][0]"#),
        (#"$["has space"][2]"#, #".["has space"][2]"#, #"["has space"][2]"#),
        (#"$["a\"b"]"#, #".["a\"b"]"#, #"["a\"b"]"#),
        (#"$["0"]"#, #".["0"]"#, #"["0"]"#),
        ("$[0].a", ".[0].a", #"[0]["a"]"#),
        (#"$.a["b c"]"#, #".a["b c"]"#, #"["a"]["b c"]"#),
    ])
    func jqAndBracketForms(path: String, jq: String, brackets: String) throws {
        let parsed = try NodePath(parsing: path)
        #expect(parsed.jqPath == jq)
        #expect(parsed.bracketPath == brackets)
    }

    static let payload = #"{"a": {"b": [1, {"has space": 2}]}, "a\"b": 3, "0": 4, "café": 5, "$ref": [6, 7], "": 8}"#
    static let paths = [#"$.a.b[1]["has space"]"#, #"$["a\"b"]"#, #"$["0"]"#, #"$["café"]"#, #"$["$ref"][1]"#, #"$[""]"#, "$.a.b"]

    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// jq itself reads the `yq` form and lands on the node the path names.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/jq")), arguments: paths)
    func jqReadsTheJqForm(path: String) throws {
        let tree = try JSONTree.parse(Array(Self.payload.utf8))
        let node = try NodePath(parsing: path).resolve(in: tree).get()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("forms-\(UUID().uuidString).json")
        try Data(Self.payload.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let expected = try Self.run("/usr/bin/jq", ["-nc", "--argjson", "v", tree.rawText(node), "$v"])
        let found = try Self.run("/usr/bin/jq", ["-c", try NodePath(parsing: path).jqPath, file.path])
        #expect(found == expected, "\(path)")
    }
}

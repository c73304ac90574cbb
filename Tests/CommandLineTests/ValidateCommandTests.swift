import ArgumentParser
import Foundation
import JSONTree
import Testing

@testable import CodableExplorerCommands
@testable import CommandRuns

/// `validate` as scripts use it: exit status, diagnostics, JSON output.
@Suite struct ValidateCommandTests {
    static func exitCode(_ arguments: [String]) throws -> Int32 {
        var command = try CodableExplorer.parseAsRoot(arguments)
        do {
            try command.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        }
    }

    /// Where `temporaryFile` writes: one folder for every run, whose entries older than an hour
    /// (left by earlier runs) are removed when a run first writes there.
    static let temporaryRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ce-command-line-tests")
        let hourAgo = Date().addingTimeInterval(-3600)
        for entry in (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.contentModificationDateKey]))
            ?? []
        {
            let modified = (try? entry.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            if let modified, modified < hourAgo { try? FileManager.default.removeItem(at: entry) }
        }
        return root
    }()

    static func temporaryFile(_ text: String, name: String = "payload.json") throws -> String {
        let dir = temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func exitStatusSaysAcceptedRejectedOrUnreadable() throws {
        #expect(try Self.exitCode(["validate", Self.temporaryFile(#"{"a": [1, 2,]}"#)]) == 0)
        #expect(try Self.exitCode(["validate", Self.temporaryFile(#"{"a": 01}"#)]) == 1)
        #expect(try Self.exitCode(["validate", Self.temporaryFile(#"{"a" 1}"#)]) == 1)
        #expect(try Self.exitCode(["validate", "/no/such/payload.json"]) == 2)
        #expect(try Self.exitCode(["validate", "--json5", Self.temporaryFile("{a: 'b', /* ok */}")]) == 0)
        #expect(try Self.exitCode(["validate", Self.temporaryFile("{}\n{}\n", name: "log.jsonl")]) == 0)
    }

    @Test func textReadsLikeACompilerDiagnostic() {
        let payload = Array("{\n  \"price\": 1e400\n}".utf8)
        let report = ValidationReport(payload: payload, options: .init())
        let text = report.text(file: "p.json", payload: payload)
        #expect(text.hasPrefix("p.json:2:12: error: number `1e400` is too large to represent"))
        #expect(text.contains("\n  \"price\": 1e400\n           ^\n"))
        #expect(!report.accepted)
    }

    @Test func jsonOutputCarriesPositions() throws {
        let report = ValidationReport(payload: Array("[1,]".utf8), options: .init())
        let object = try JSONSerialization.jsonObject(with: Data(report.json(file: "x").utf8)) as? [String: Any]
        #expect(object?["valid"] as? Bool == true)
        let warning = (object?["warnings"] as? [[String: Any]])?.first
        #expect(warning?["line"] as? Int == 1 && warning?["column"] as? Int == 3 && warning?["offset"] as? Int == 2)
    }

    /// Where JSONDecoder traps instead of throwing (the fuzzer's oracle saw it crash on each),
    /// `--format json` says so as a field, for scripts, not only in the message.
    @Test(arguments: [
        ("[9e+]", true, true), (String(repeating: "[", count: 513), false, true),
        ("[-0x8000000000000001]", true, true), ("[1e400]", false, false), ("[9e+1]", true, false),
    ])
    func jsonOutputSaysWhenJSONDecoderCrashes(payload: String, json5: Bool, crashes: Bool) throws {
        let report = ValidationReport(payload: Array(payload.utf8), options: .init(json5: json5))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json(file: "x").utf8)) as? [String: Any])
        #expect(object["decoderCrashes"] as? Bool == crashes)
        let flagged = (object["errors"] as? [[String: Any]] ?? []).filter { $0["crashesDecoder"] as? Bool == true }
        #expect(flagged.count == (crashes ? 1 : 0))
    }

    @Test func longLinesAreCutAroundTheColumn() {
        let payload = Array(("[" + String(repeating: "1,", count: 5000) + "x]").utf8)
        let report = ValidationReport(payload: payload, options: .init())
        let lines = report.text(file: "p", payload: payload).split(separator: "\n")
        #expect(lines[1].count < 110 && lines[1].hasPrefix("…"))
        // The caret sits under the `x`.
        let caret = lines[2].count - 1
        #expect(Array(lines[1])[caret] == "x")
    }
}

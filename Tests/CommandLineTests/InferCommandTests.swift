import ArgumentParser
import CommandRuns
import Foundation
import TestSupport
import Testing

@testable import CodableExplorerCommands

/// `infer` as people and scripts use it: what it prints, where, and its exit status.
@Suite struct InferCommandTests {
    static let payload = #"""
        {"data": {"total_count": 2, "line_items": [{"sku": "a", "unit_price": 4.5}, {"sku": "b", "unit_price": 12}]}}
        """#

    static func file(_ text: String = payload) throws -> String {
        let dir = ValidateCommandTests.temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent("payload.json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func outcome(_ arguments: [String]) throws -> InferRun.Outcome {
        let command = try #require(try CodableExplorer.parseAsRoot(["infer"] + arguments) as? Infer)
        return try command.request.outcome()
    }

    static func models(_ arguments: [String]) throws -> String {
        guard case .models(let source) = try outcome(arguments) else {
            Issue.record("no models for \(arguments)")
            return ""
        }
        return source
    }

    /// The real binary, beside the test bundle, for what only a process shows (stdin, exit codes).
    static let binary = BuiltProduct.codableExplorer

    static func run(_ arguments: [String], stdin: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try ProcessRunner.run(binary, arguments, stdin: stdin ?? "")
        return (result.status, result.stdout, result.stderr)
    }

    /// A key that was always null, an array always empty: `infer` writes `UnknownValue` (the standard
    /// library's `Never`), which the schema engine reads; a later value there fails as Foundation says.
    @Test func modelsForValuesNeverSeenAreReadByTheSchemaEngine() throws {
        let seen = try Self.file(#"{"id": 1, "gone": null, "tags": []}"#)
        let folder = URL(fileURLWithPath: seen).deletingLastPathComponent()
        try Data(try Self.models([seen]).utf8).write(to: folder.appendingPathComponent("Models.swift"))
        let later = folder.appendingPathComponent("later.json")
        try Data(#"{"id": 2, "gone": "now", "tags": []}"#.utf8).write(to: later)
        func check(_ payload: String, _ flags: [String]) throws -> [String: Any] {
            let result = try Self.run(
                ["check", payload, "--model", folder.appendingPathComponent("Models.swift").path, "--type", "Root", "--format", "json"]
                    + flags)
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        }
        let first = try check(seen, [])
        #expect(first["ok"] as? Bool == true && first["mode"] as? String == "schema")
        let auto = try check(later.path, [])
        #expect(auto["mode"] as? String == "schema", "no hand-written init(from:) sends it to compiled mode")
        let compiled = try check(later.path, ["--mode", "compiled"])
        let fields = ["kind", "codingPath", "debugDescription", "line", "column"]
        func said(_ object: [String: Any]) -> [String] {
            ((object["errors"] as? [[String: Any]]) ?? []).map { error in fields.map { "\(error[$0] ?? "-")" }.joined(separator: " ") }
        }
        #expect(!said(auto).isEmpty)
        #expect(said(auto) == said(compiled), "the schema engine says what Foundation says")
    }

    @Test func modelsForTheWholePayload() throws {
        let source = try Self.models([try Self.file()])
        #expect(source.hasPrefix("// Models for $ of "))
        #expect(source.contains("\nimport Foundation\n"))
        #expect(source.contains("struct Root: Codable {\n    let data: RootData\n}"))
        #expect(source.contains("    let line_items: [LineItem]\n"))
        #expect(source.contains("    let unit_price: Double\n"))
        #expect(source.contains("func makeDecoder() -> JSONDecoder {"))
    }

    @Test func pathNameAndKeyStrategy() throws {
        let source = try Self.models([try Self.file(), "--path", "data.line_items", "--name", "LineItems", "--key-strategy", "snake-case"])
        #expect(source.hasPrefix("// Models for $.data.line_items of "))
        #expect(
            source.contains(
                "// Decode the JSON of the node at $.data.line_items with: try makeDecoder().decode(LineItems.self, from: data)"))
        #expect(source.contains("typealias LineItems = [LineItem]\n"))
        #expect(source.contains("struct LineItem: Codable {\n    let sku: String\n    let unitPrice: Double\n}"))
        #expect(source.contains("    decoder.keyDecodingStrategy = .convertFromSnakeCase\n"))
        #expect(!source.contains("total_count"))
    }

    @Test func enumsOnlyWhenAsked() throws {
        let payload = try Self.file(#"[{"status": "open"}, {"status": "closed"}, {"status": "open"}]"#)
        #expect(try !Self.models([payload]).contains("enum Status"))
        #expect(try Self.models([payload, "--enums"]).contains("enum Status: String, Codable {"))
    }

    @Test func anInvalidPayloadGetsValidatesDiagnostics() throws {
        let syntax = try Self.outcome([try Self.file(#"{"a": [1 2]}"#)])
        guard case .invalidPayload(let text) = syntax else { Issue.record("\(syntax)"); return }
        #expect(text.contains("payload.json:1:10: error: unexpected"))
        #expect(text.contains("invalid: JSONDecoder rejects it whatever the model"))
        let number = try Self.outcome([try Self.file(#"{"a": 1e400}"#)])
        guard case .invalidPayload(let numberText) = number else { Issue.record("\(number)"); return }
        #expect(numberText.contains("error: number `1e400` is too large"))
    }

    static let unrunnable: [(arguments: [String], words: String)] = [
        (
            ["--path", "data.line_itms"],
            "--path $.data.line_itms: $.data is an object with no key \"line_itms\" (did you mean \"line_items\"?)"
        ),
        (["--path", "data["], "--path: "),
        (["--name", "Data"], "--name Data: Swift or Foundation already uses it"),
        (["--name", "my type"], "--name my type: a type name is an ASCII identifier"),
    ]

    @Test("what cannot run says why", arguments: unrunnable.indices)
    func cannotRun(_ k: Int) throws {
        let (arguments, words) = Self.unrunnable[k]
        let file = try Self.file()
        #expect { _ = try Self.outcome([file] + arguments) } throws: { "\($0)".hasPrefix(words) }
        #expect { _ = try Self.outcome(["/no/such/payload.json"]) } throws: { "\($0)".contains("no such file") }
    }

    @Test func exitStatusAndStreamsOfTheRealBinary() throws {
        let file = try Self.file()
        let ok = try Self.run(["infer", file])
        #expect(ok.status == 0 && ok.stdout.contains("struct Root: Codable") && ok.stderr.isEmpty)
        let invalid = try Self.run(["infer", try Self.file("{\"a\": }")])
        #expect(invalid.status == 1 && invalid.stdout.isEmpty && invalid.stderr.contains("error: unexpected"))
        let missing = try Self.run(["infer", "/no/such/payload.json"])
        #expect(missing.status == 2 && missing.stderr == "codable-explorer: /no/such/payload.json: no such file or directory\n")
        let badPath = try Self.run(["infer", file, "--path", "nope"])
        #expect(badPath.status == 2 && badPath.stderr.hasPrefix("codable-explorer: --path $.nope: "))
        let badStrategy = try Self.run(["infer", file, "--key-strategy", "kebab"])
        #expect(badStrategy.status == 2 && badStrategy.stderr.contains("kebab"))
    }

    @Test func standardInput() throws {
        let result = try Self.run(["infer", "-", "--name", "Event"], stdin: #"{"at": "2024-03-05T10:00:00Z"}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("// Models for $ of <stdin>, inferred by `codable-explorer infer`.\n"))
        #expect(result.stdout.contains("struct Event: Codable {\n    let at: Date\n}"))
        #expect(result.stdout.contains("decoder.dateDecodingStrategy = .iso8601"))
    }
}

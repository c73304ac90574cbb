import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching
import Testing

@testable import CodableExplorerCommands

/// `check --format json` on a payload large enough that the worker decodes its array in parts
/// (``ArraySplitting/standard``) and sends their elements as they are decoded, ahead of the
/// verdict: the value written is the whole decode's, and a verdict that is not a value has none.
@Suite struct CheckLargePayloadTests {
    static let model = """
        struct Page: Decodable { let total: Int; let items: [Item]; let next: String? }
        struct Item: Decodable { let id: Int; let name: String; let tags: [String]; let score: Double }
        """

    /// Just over the standard split's 8 MB: three parts of 4 MB. `broken` drops a key from one item.
    static func payload(broken: Int? = nil) -> String {
        let count = 120_000
        var text = "{\"total\": \(count), \"items\": [\n"
        text.reserveCapacity(9_000_000)
        for i in 0..<count {
            if i > 0 { text += ",\n" }
            let name = i == broken ? "" : "\"name\": \"item \(i) \\u00e9 ✓\", "
            text += "{\"id\": \(i), \(name)\"tags\": [\"a\", \"b\\\"c\"], \"score\": \(Double(i) * 0.25)}"
        }
        return text + "\n], \"next\": null}"
    }

    @Test("the value of an array decoded in parts is the whole decode's, and an error's verdict has none")
    func partsMakeTheWholeValue() throws {
        let payload = Self.payload()
        try #require(payload.utf8.count > ArraySplitting.standard.minimumBytes)
        let dir = try CheckCommandTests.folder(model: Self.model, payload: payload)
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = [dir.appendingPathComponent("payload.json").path, "--model", dir.appendingPathComponent("Models.swift").path]
        let (job, answer) = try CheckCommandTests.job(arguments + ["--type", "Page"])
        #expect(answer.report.ok)
        let json = try #require(answer.valueJSON)
        #expect(json.segments.count > 1, "the elements came in parts, ahead of the verdict")

        // The engine's decode of the whole payload in this process, never split.
        let schema = try Schema.load(paths: [dir.appendingPathComponent("Models.swift").path])
        let bytes = Array(payload.utf8)
        let tree = try JSONTree.parse(bytes)
        let whole = DecodingEngine(schema: schema, splitting: .never).decode(
            try schema.resolve("Page"), payload: bytes, tree: tree, at: tree.root)
        let value = try #require(whole.value)
        var verdict = whole
        verdict.value = nil
        // Compared as Bools: a failure message of Swift Testing's diff of 10 MB would take hours.
        let sameReport = answer.report == verdict
        #expect(sameReport, "node status and all, the whole decode's")
        let sameValue = json.bytes == Array(value.json.utf8)
        #expect(sameValue, "the value's text is the whole decode's")
        var output = CheckResult(report: answer.report, typeExpression: "Page", path: job.pathText)
        output.valueJSON = json
        let sameOutput =
            CheckJSON.object(output).text == CheckJSON.object(CheckResult(report: whole, typeExpression: "Page", path: "$")).text
        #expect(sameOutput, "check --format json writes the whole decode's object")

        // One item in the last part without its name: the parts before it went out, and are dropped.
        try Data(Self.payload(broken: 119_000).utf8).write(to: dir.appendingPathComponent("payload.json"))
        let (_, failed) = try CheckCommandTests.job(arguments + ["--type", "Page"])
        #expect(!failed.report.ok)
        #expect(failed.valueJSON == nil)
        #expect(failed.report.errors.map(\.codingPath) == [[.key("items"), .index(119_000)]])
    }
}

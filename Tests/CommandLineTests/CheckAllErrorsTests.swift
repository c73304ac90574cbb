import ArgumentParser
import DecodingEngine
import Foundation
import Teaching
import Testing

@testable import CodableExplorerCommands
@testable import CommandRuns

/// `check --all-errors --format json`: every independent error, the first being JSONDecoder's.
@Suite struct CheckAllErrorsTests {
    static let model = """
        struct Item: Codable { let id: Int; let name: String; let size: Size }
        struct Size: Codable { let width: UInt8; let unit: String }
        """

    static let payload = """
        [
        {"id": 1, "size": {"width": 1, "unit": "cm"}},
        {"id": 2, "name": "b", "size": {"width": 1, "unit": "cm"}},
        {"id": "three", "name": "c", "size": {"width": 1, "unit": "cm"}},
        {"id": 4, "name": "d", "size": {"width": "wide", "unit": "cm"}}
        ]
        """

    /// What `check` prints with `--format json`, parsed, for these arguments.
    static func output(_ extra: [String], in dir: URL) throws -> [String: Any] {
        let arguments =
            [
                "check", dir.appendingPathComponent("items.json").path,
                "--model", dir.appendingPathComponent("Models.swift").path,
                "--type", "[Item]", "--format", "json",
            ] + extra
        let check = try #require(try CodableExplorer.parseAsRoot(arguments) as? Check)
        var job = try CheckJob.prepare(try check.request(), teaching: .none)
        let report = try job.answer(worker: FixCommandTests.worker).report
        let json = CheckJSON.object(CheckResult(report: report, typeExpression: check.type, path: job.pathText)).text
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func allErrorsListsEveryFaultInOrder() throws {
        let dir = ValidateCommandTests.temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.model.utf8).write(to: dir.appendingPathComponent("Models.swift"))
        try Data(Self.payload.utf8).write(to: dir.appendingPathComponent("items.json"))
        let all = try Self.output(["--all-errors"], in: dir)
        #expect(all["ok"] as? Bool == false)
        let errors = try #require(all["errors"] as? [[String: Any]])
        #expect(errors.map { $0["kind"] as? String } == ["keyNotFound", "typeMismatch", "typeMismatch"])
        #expect(errors.map { $0["line"] as? Int } == [2, 4, 5])
        #expect(errors[0]["key"] as? String == "name")
        #expect(errors[1]["debugDescription"] as? String == "Expected to decode Int but found a string instead.")
        #expect((errors[2]["codingPath"] as? [Any])?.count == 3)

        let first = try Self.output([], in: dir)
        let firstErrors = try #require(first["errors"] as? [[String: Any]])
        #expect(firstErrors.count == 1)
        #expect(NSDictionary(dictionary: firstErrors[0]).isEqual(to: errors[0]))
    }
}

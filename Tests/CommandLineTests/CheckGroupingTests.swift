import Foundation
import Testing

/// `check --all-errors` on many records with the same mistake: one group line, the first error
/// in full, the fixes verified once and offered for all of them; the JSON keeps every error.
@Suite struct CheckGroupingTests {
    static let model = """
        struct Event: Decodable {
            let id: Int
            let org: String
        }
        """

    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grouping-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(model.utf8).write(to: dir.appendingPathComponent("Models.swift"))
        let records = (0..<30).map { i in i % 3 == 0 ? "{\"id\": \(i)}" : "{\"id\": \(i), \"org\": \"o\"}" }
        try Data("[\n\(records.joined(separator: ",\n"))\n]\n".utf8).write(to: dir.appendingPathComponent("events.json"))
        return dir
    }

    @Test func identicalErrorsAreOneGroupInText() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try FixCommandTests.run(
            ["check", "events.json", "--model", "Models.swift", "--type", "[Event]", "--all-errors"], in: dir)
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("✖ 10 × keyNotFound \"org\" in Event (at lines 2, 5, 8,") }, "\(result.out)")
        // The first error in full, once; the other nine are in the group line only.
        #expect(lines.filter { $0.contains(": error: keyNotFound") }.count == 1, "\(result.out)")
        #expect(result.out.contains("verified"), "the group's fixes are shown: \(result.out)")
        #expect(lines.last == "events.json: 10 errors decoding [Event] at $")
    }

    @Test func aMinifiedPayloadsGroupSaysLineAndColumn() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The same records on one line: "at lines 1, 1, 1" would say nothing.
        let records = (0..<4).map { i in i % 2 == 0 ? "{\"id\":\(i)}" : "{\"id\":\(i),\"org\":\"o\"}" }
        try Data("[\(records.joined(separator: ","))]".utf8).write(to: dir.appendingPathComponent("events.json"))
        let result = try FixCommandTests.run(
            ["check", "events.json", "--model", "Models.swift", "--type", "[Event]", "--all-errors"], in: dir)
        #expect(result.status == 1)
        #expect(result.out.contains("✖ 2 × keyNotFound \"org\" in Event (at 1:2, 1:30); the first:"), "\(result.out)")
    }

    @Test func jsonKeepsEveryErrorWithItsExplanation() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try FixCommandTests.run(
            [
                "check", "events.json", "--model", "Models.swift", "--type", "[Event]", "--all-errors",
                "--format", "json", "--fixes",
            ], in: dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.count == 10)
        #expect(errors.allSatisfy { $0["explanation"] != nil })
        let fixes = errors.map { ($0["fixes"] as? [[String: Any]])?.compactMap { $0["number"] as? Int } ?? [] }
        #expect(!fixes[0].isEmpty)
        #expect(fixes.allSatisfy { $0 == fixes[0] }, "every error of the group is offered the same verified fixes: \(fixes)")
        // Each fix written whole once, at the top; each error names it, its diff not repeated.
        let whole = try #require(object["fixes"] as? [[String: Any]])
        #expect(whole.map { $0["number"] as? Int } == Array(1...whole.count))
        for number in fixes[0] {
            let diff = whole[number - 1]["diff"] as? String
            let diffs = errors.compactMap {
                ($0["fixes"] as? [[String: Any]])?.first { $0["number"] as? Int == number }?["diff"] as? String
            }
            #expect(diffs.count == (diff == nil ? 0 : 1), "fix \(number)'s diff is written \(diffs.count) times among the errors")
            #expect(diffs.first == diff)
        }
    }
}

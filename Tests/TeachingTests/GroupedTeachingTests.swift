import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import Teaching

/// Identical errors (the same key missing in many records) are one group: their fixes are
/// verified once, by edit, however many records fail, and every error of the group keeps the
/// fixes that remove it.
@Suite struct GroupedTeachingTests {
    static let model = """
        struct Event: Decodable {
            let id: Int
            let org: String
        }
        """

    /// `count` records, of which those in `failing` lack `org`.
    static func payload(count: Int, failing: Set<Int>) -> [UInt8] {
        let records = (0..<count).map { i in failing.contains(i) ? "{\"id\": \(i)}" : "{\"id\": \(i), \"org\": \"o\(i)\"}" }
        return Array("[\(records.joined(separator: ",\n"))]".utf8)
    }

    static func teach(count: Int, failing: Set<Int>) throws -> (report: DecodeReport, teaching: TeachingReport, verifications: Int) {
        let schema = Schema(sources: [ModelSource(path: "/tmp/grouped-teaching/Event.swift", text: model)])
        let type = try schema.resolve("[Event]")
        let bytes = payload(count: count, failing: failing)
        let tree = try JSONTree.parse(bytes)
        let options = DecodeOptions(allErrors: true)
        let report = DecodingEngine(schema: schema).decode(type, payload: bytes, tree: tree, at: tree.root, options: options)
        let context = TeachingContext(schema: schema, payload: bytes, tree: tree, rootType: type, rootNode: tree.root, options: options)
        let teaching = Teacher(context: context).teach(report, baseline: report)
        return (report, teaching, context.verificationCount)
    }

    @Test("24 records missing the same key: one group, verified as often as one record")
    func verifiedOnce() throws {
        let one = try Self.teach(count: 40, failing: [7])
        let many = try Self.teach(count: 40, failing: Set(0..<24))
        #expect(one.report.errors.count == 1)
        #expect(many.report.errors.count == 24)
        #expect(one.verifications > 0, "one error's fixes are verified by decoding again")
        #expect(
            many.verifications == one.verifications,
            "24 identical errors cost \(many.verifications) verification decodes, one costs \(one.verifications)")

        #expect(many.teaching.groups.count == 1)
        let group = try #require(many.teaching.groups.first)
        #expect(group.errors == Array(0..<24))
        #expect(group.title == "keyNotFound \"org\" in Event")
        // Every error of the group is offered the same fixes, and each fix removes all 24 errors.
        let fixes = many.teaching.lessons.map(\.fixes)
        #expect(!fixes[0].isEmpty)
        #expect(fixes.allSatisfy { $0 == fixes[0] })
        #expect(many.teaching.fixes.filter { $0.verdict == .decodes(.redecoded) }.count >= 1, "making org optional decodes everything")
    }

    @Test("different mistakes are different groups, in the order of their first error")
    func differentGroups() throws {
        let schema = Schema(sources: [ModelSource(path: "/tmp/grouped-teaching/Event.swift", text: Self.model)])
        let type = try schema.resolve("[Event]")
        let bytes = Array(#"[{"id": 1}, {"id": "2", "org": "a"}, {"id": 3}, {"id": "4", "org": "b"}]"#.utf8)
        let tree = try JSONTree.parse(bytes)
        let options = DecodeOptions(allErrors: true)
        let report = DecodingEngine(schema: schema).decode(type, payload: bytes, tree: tree, at: tree.root, options: options)
        let context = TeachingContext(schema: schema, payload: bytes, tree: tree, rootType: type, rootNode: tree.root, options: options)
        let groups = Teacher(context: context).groups(for: report)
        #expect(groups.map(\.errors) == [[0, 2], [1, 3]])
        #expect(groups.map(\.title) == ["keyNotFound \"org\" in Event", "typeMismatch \"id\" in Event"])
    }
}

import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodingEngine

/// What the tree view shows per node: read, ignored (dimmed), failed; and the keys an object lacks.
@Suite("Node status and missing keys")
struct NodeStatusTests {
    static let payload = #"{"id": 1, "name": "a", "legacy": {"x": [1]}, "size": {"width": "wide", "unit": "cm"}}"#

    static func decode(_ payload: String, as type: String, allErrors: Bool) throws -> (DecodeReport, JSONTree) {
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: AllErrorsTests.models)])
        let bytes = Array(payload.utf8)
        let tree = try JSONTree.parse(bytes)
        let report = DecodingEngine(schema: schema).decode(
            try schema.resolve(type), payload: bytes, tree: tree,
            at: tree.root, options: .init(allErrors: allErrors))
        return (report, tree)
    }

    @Test("keys no coding key asks for are ignored with all they hold; the failed value is failed")
    func readIgnoredFailed() throws {
        let (report, tree) = try Self.decode(Self.payload, as: "Item", allErrors: false)
        let root = tree.root
        let legacy = try #require(tree.member(root, key: "legacy"))
        let size = try #require(tree.member(root, key: "size"))
        let status = report.nodeStatus
        #expect(status[root] == nil, "the root's decode failed")
        #expect(status[try #require(tree.member(root, key: "id"))] == .read)
        #expect(status[try #require(tree.member(root, key: "name"))] == .read)
        #expect(status[legacy] == .ignored)
        #expect((legacy..<tree.subtreeEnd(legacy)).allSatisfy { status[$0] == .ignored })
        #expect(status[try #require(tree.member(size, key: "width"))] == .failed)
        #expect(status[try #require(tree.member(size, key: "unit"))] == nil, "first-error mode stops before unit")
    }

    @Test("in all-errors mode the decode reaches past the failure")
    func allErrorsReachesFurther() throws {
        let (report, tree) = try Self.decode(Self.payload, as: "Item", allErrors: true)
        let size = try #require(tree.member(tree.root, key: "size"))
        #expect(report.nodeStatus[try #require(tree.member(size, key: "unit"))] == .read)
        #expect(report.nodeStatus[size] == .read)
        #expect(report.nodeStatus[tree.root] == .read)
    }

    @Test("values decoded as real Swift types are read with everything inside")
    func realValuesReadWhole() throws {
        let payload = #"{"items": {}, "counts": [1, 2], "tags": {"a": 1}}"#
        let (report, tree) = try Self.decode(payload, as: "Catalog", allErrors: false)
        #expect(report.ok)
        #expect((0..<tree.subtreeEnd(tree.root)).allSatisfy { report.nodeStatus[$0] == .read })
    }

    @Test("required keys an object lacks are listed with their property; decodeIfPresent keys are not")
    func missingKeys() throws {
        let (report, tree) = try Self.decode(#"[{"id": 1, "size": {"width": 1}}]"#, as: "[Item]", allErrors: true)
        let item = try #require(tree.element(tree.root, at: 0))
        let size = try #require(tree.member(item, key: "size"))
        #expect(report.missingKeys[item]?.map(\.key) == ["name"])
        #expect(report.missingKeys[item]?.first?.property?.declarationText == "let name: String")
        #expect(report.missingKeys[size]?.map(\.key) == ["unit"])

        let (catalog, _) = try Self.decode(#"{"items": {}, "counts": [], "tags": {}}"#, as: "Catalog", allErrors: false)
        #expect(catalog.ok)
        #expect(catalog.missingKeys.isEmpty, "note is optional")
    }
}

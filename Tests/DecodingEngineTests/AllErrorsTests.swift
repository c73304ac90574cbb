import Foundation
import ModelSchema
import Testing

@testable import DecodingEngine

/// All-errors mode: every independent fault is reported, each exactly as `JSONDecoder` reports
/// it when it is the payload's only fault, and the first is the error first-error mode gives.
@Suite("All-errors mode")
struct AllErrorsTests {
    static let models = #"""
        struct Item: Codable { let id: Int; let name: String; let size: Size }
        struct Size: Codable { let width: UInt8; let unit: String }
        struct Catalog: Codable { let items: [String: Item]; let counts: [Int]; let tags: [String: Int]; let note: String? }
        """#

    static let good = #"{"id": 1, "name": "a", "size": {"width": 1, "unit": "cm"}}"#

    /// A payload with several faults, and the same payload with each fault alone.
    struct FaultCase: CustomStringConvertible {
        var name: String
        var type: String
        var payload: String
        var alone: [String]
        var description: String { name }
    }

    static let faultCases: [FaultCase] = [
        .init(
            name: "three records, three faults", type: "[Item]",
            payload: "[\n"
                + [
                    #"{"id": 1, "size": {"width": 1, "unit": "cm"}}"#, good,
                    #"{"id": "two", "name": "c", "size": {"width": 1, "unit": "cm"}}"#,
                    #"{"id": 4, "name": "d", "size": {"width": 1, "unit": null}}"#,
                ].joined(separator: ",\n") + "\n]",
            alone: [
                "[" + [#"{"id": 1, "size": {"width": 1, "unit": "cm"}}"#, good, good, good].joined(separator: ",") + "]",
                "[" + [good, good, #"{"id": "two", "name": "c", "size": {"width": 1, "unit": "cm"}}"#, good].joined(separator: ",") + "]",
                "[" + [good, good, good, #"{"id": 4, "name": "d", "size": {"width": 1, "unit": null}}"#].joined(separator: ",") + "]",
            ]),
        .init(
            name: "two faults in one record, one nested", type: "[Item]",
            payload: #"[{"id": true, "name": "a", "size": {"width": 300, "unit": "cm"}}]"#,
            alone: [
                #"[{"id": true, "name": "a", "size": {"width": 1, "unit": "cm"}}]"#,
                #"[{"id": 1, "name": "a", "size": {"width": 300, "unit": "cm"}}]"#,
            ]),
        .init(
            name: "dictionary values, scalar arrays and dictionaries", type: "Catalog",
            payload: #"{"items": {"a": \#(good), "b": "none"}, "counts": [1, "x", 3, null], "tags": {"t": 1.5, "u": 2}, "note": 5}"#,
            alone: [
                #"{"items": {"a": \#(good), "b": "none"}, "counts": [], "tags": {}}"#,
                #"{"items": {}, "counts": [1, "x", 3], "tags": {}}"#,
                #"{"items": {}, "counts": [1, 2, 3, null], "tags": {}}"#,
                #"{"items": {}, "counts": [], "tags": {"t": 1.5, "u": 2}}"#,
                #"{"items": {}, "counts": [], "tags": {}, "note": 5}"#,
            ]),
        .init(name: "root of the wrong kind is one error", type: "[Item]", payload: #"{"id": 1}"#, alone: [#"{"id": 1}"#]),
    ]

    static func engine() -> (Schema, DecodingEngine) {
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: models)])
        return (schema, DecodingEngine(schema: schema))
    }

    @Test("each error is what JSONDecoder reports for that fault alone, in decode order")
    func everyErrorMatchesItsFaultAlone() throws {
        let variants = Self.faultCases.flatMap { c in c.alone.map { DifferentialCase(name: c.name, type: c.type, payload: $0) } }
        var compiled = try Harness.compiledResults(models: Self.models, cases: variants)[...]
        let (schema, engine) = Self.engine()
        for c in Self.faultCases {
            let expected = compiled.prefix(c.alone.count)
            compiled = compiled.dropFirst(c.alone.count)
            let report = engine.decode(try schema.resolve(c.type), payload: Array(c.payload.utf8), options: .init(allErrors: true))
            #expect(report.errors.map(Harness.line) == Array(expected), "\(c.name)")
            #expect(!report.ok)
            let inParts = DecodingEngine(schema: schema, splitting: .always())
                .decode(try schema.resolve(c.type), payload: Array(c.payload.utf8), options: .init(allErrors: true))
            // The errors, not the whole report: a dictionary's values come in its hash order, which differs run to run.
            #expect(inParts.errors == report.errors, "\(c.name), in parts")
        }
    }

    @Test("the first error is the one first-error mode reports, for every differential case")
    func firstErrorIsFirstErrorMode() throws {
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: Fixtures.models)])
        let engine = DecodingEngine(schema: schema)
        for c in DifferentialTests.cases {
            let type = try schema.resolve(c.type)
            let first = engine.decode(type, payload: Array(c.payload.utf8), at: c.path, options: c.options)
            var options = c.options
            options.allErrors = true
            let all = engine.decode(type, payload: Array(c.payload.utf8), at: c.path, options: options)
            #expect(Harness.line(all) == Harness.line(first), "\(c.name)")
            #expect(all.errors.first?.location == first.errors.first?.location, "\(c.name)")
            #expect(all.ok == first.ok, "\(c.name)")
        }
    }

    @Test("errors land on their records' lines, the missing key on its object")
    func errorsLandOnTheirNodes() throws {
        let (schema, engine) = Self.engine()
        let c = Self.faultCases[0]
        let report = engine.decode(try schema.resolve(c.type), payload: Array(c.payload.utf8), options: .init(allErrors: true))
        #expect(report.errors.map(\.kind) == [.keyNotFound, .typeMismatch, .valueNotFound])
        #expect(report.errors.compactMap(\.location?.line) == [2, 4, 5])
        #expect(report.errors.compactMap(\.location?.column) == [1, 8, 53])
        #expect(report.errors.map { $0.property?.name } == ["name", "id", "unit"])
    }

    @Test("a nested fault is recorded once, not again by each enclosing container")
    func nestedFaultRecordedOnce() throws {
        let (schema, engine) = Self.engine()
        let payload = #"[{"id": 1, "name": "a", "size": {"width": "wide", "unit": "cm"}}, \#(Self.good)]"#
        let report = engine.decode(try schema.resolve("[Item]"), payload: Array(payload.utf8), options: .init(allErrors: true))
        #expect(report.errors.count == 1)
        #expect(report.errors.first?.codingPath == [.index(0), .key("size"), .key("width")])
    }

    @Test("a number that does not fit, caught mid-decode, still lands on the number")
    func numberCulpritInAllErrorsMode() throws {
        let (schema, engine) = Self.engine()
        let c = Self.faultCases[2]
        let report = engine.decode(try schema.resolve(c.type), payload: Array(c.payload.utf8), options: .init(allErrors: true))
        let number = try #require(report.errors.first { $0.kind == .dataCorrupted })
        let offset = try #require(c.payload.range(of: "1.5")).lowerBound.utf16Offset(in: c.payload)
        #expect(number.location?.offset == offset)
        #expect(number.realCause?.explanation.contains("fractional") == true, "\(String(describing: number.realCause))")
    }
}

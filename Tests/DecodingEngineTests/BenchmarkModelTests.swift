import Foundation
import ModelSchema
import TestSupport
import Testing

@testable import DecodingEngine

/// The engine benchmark (`ce-bench engine`) gives the engine the IssuePage model as source
/// text and compiles the same model into the benchmark: the two must be the same text, or
/// the benchmark compares different models.
@Suite("Benchmark model")
struct BenchmarkModelTests {
    static let benchSources = Repository.root.appendingPathComponent("Sources/ce-bench")

    /// The contents of the multi-line raw string literal `static let source = #"""…"""#`, with
    /// the closing delimiter's indentation taken off every line, as Swift reads it.
    static func sourceLiteral(in file: String) throws -> String {
        let lines = file.components(separatedBy: "\n")
        let open = try #require(lines.firstIndex { $0.hasSuffix("static let source = #\"\"\"") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "\"\"\"#" })
        let indentation = String(lines[close].prefix { $0 == " " })
        return try lines[(open + 1)..<close].map { line in
            if line.isEmpty { return line }
            try #require(line.hasPrefix(indentation), "line not indented like the closing delimiter: \(line)")
            return String(line.dropFirst(indentation.count))
        }.joined(separator: "\n")
    }

    @Test("IssuePage.source is the text of IssuePage.swift, character for character")
    func sourceMatchesCompiledModel() throws {
        let compiled = try String(contentsOf: Self.benchSources.appendingPathComponent("IssuePage.swift"), encoding: .utf8)
        let literal = try Self.sourceLiteral(
            in: String(contentsOf: Self.benchSources.appendingPathComponent("IssuePage+Source.swift"), encoding: .utf8))
        #expect(literal + "\n" == compiled)
    }

    @Test("the model source has no diagnostics and IssuePage decodes with snake_case keys")
    func sourceIsAModelTheEngineDecodes() throws {
        let text = try String(contentsOf: Self.benchSources.appendingPathComponent("IssuePage.swift"), encoding: .utf8)
        let schema = Schema(sources: [ModelSource(path: "IssuePage.swift", text: text)])
        #expect(schema.diagnostics.isEmpty, "\(schema.diagnostics)")
        let payload = #"{"object": "list", "url": "/x", "data": [], "has_more": false, "total_count": 0}"#
        let report = DecodingEngine(schema: schema).decode(
            try schema.resolve("IssuePage"), payload: Array(payload.utf8),
            options: .init(keys: .convertFromSnakeCase, dates: .iso8601))
        #expect(report.ok, "\(report.errors)")
    }
}

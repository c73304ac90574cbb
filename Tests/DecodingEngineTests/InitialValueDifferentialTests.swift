import Foundation
import ModelSchema
import Testing

@testable import DecodingEngine

/// Properties the synthesized `init(from:)` does not decode show the value they start with
/// (issue 11: `var localNotes: [String] = []` left out of CodingKeys showed null), held to the
/// compiled program's decoded value, read with `Mirror`.
@Suite("Initial values of properties not decoded")
struct InitialValueDifferentialTests {
    static let models = """
        struct Note: Decodable {
            var id: Int
            var localNotes: [String] = []
            var tags: [String: Int] = [:]
            var counts: [Int] = [1, -2, 3]
            var words = ["a", "b"]
            var made = [String]()
            var table = [String: Bool]()
            var rows = [[String: Int]]()
            var lookup = [String: [Int]]()
            var names = Set<String>()
            var byID = Dictionary<String, [Int]>()
            var flag = true
            var title = "draft"
            var missing: String? = nil
            enum CodingKeys: String, CodingKey { case id }
        }
        """

    @Test("the engine's decoded value is the compiled program's")
    func initialValuesMatchTheCompiledProgram() throws {
        let cases = [DifferentialCase(name: "not decoded", type: "Note", payload: #"{"id": 7, "localNotes": ["x"]}"#)]
        let compiled = try Harness.compiledResults(models: Self.models, cases: cases)
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: Self.models)])
        #expect(!schema.hasErrors, "\(schema.diagnostics)")
        let report = DecodingEngine(schema: schema).decode(try schema.resolve("Note"), payload: Array(cases[0].payload.utf8))
        #expect(Harness.line(report) == compiled.first)
        #expect(report.value?.json.contains(#""localNotes":[]"#) == true, "\(report.value?.json ?? "")")
        // An array of dictionaries is an array, though its type has a colon.
        #expect(report.value?.json.contains(#""rows":[]"#) == true, "\(report.value?.json ?? "")")
    }
}

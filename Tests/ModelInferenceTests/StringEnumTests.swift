import Testing

@testable import ModelInference

/// Small closed sets of strings become raw-value enums, and only when asked (`--enums`).
@Suite("infer: string enums only with --enums")
struct StringEnumTests {
    static let statuses =
        #"[{"status": "pending"}, {"status": "shipped"}, {"status": ""}, {"status": "in_progress"}, {"status": "pending"}]"#

    @Test func withoutTheOptionStringsStayStrings() throws {
        let source = try Inference.source(Self.statuses)
        #expect(Inference.properties("RootElement", in: source) == ["let status: String"])
    }

    @Test func withItAClosedSetIsAnEnum() throws {
        let source = try Inference.source(Self.statuses, .init(stringEnums: true))
        #expect(Inference.properties("RootElement", in: source) == ["let status: Status"])
        #expect(
            Inference.declaration("Status", in: source) == [
                "enum Status: String, Codable {", "case empty = \"\"", "case inProgress = \"in_progress\"", "case pending", "case shipped",
                "}",
            ])
    }

    static let notEnums: [String] = [
        // Free text.
        #"["Mr. Soapy Bar", "Squeeky Bottle", "Mr. Soapy Bar"]"#,
        // Too many values.
        "[" + (0..<11).map { "\"v\($0)\"" }.joined(separator: ",") + "]",
        // Five values that never repeat: ids, not a set.
        #"["a1", "b2", "c3", "d4", "e5"]"#,
        // A single string says nothing.
        #"["only"]"#,
        // Dates are dates.
        #"["2024-03-05", "2024-03-05"]"#,
    ]

    @Test("no enum for", arguments: notEnums)
    func notAnEnum(_ payload: String) throws {
        let source = try Inference.source(payload, .init(stringEnums: true))
        #expect(!source.contains(": String, Codable {"), "\(source)")
    }

    @Test func caseNamesAreIdentifiers() throws {
        let source = try Inference.source(
            #"["default", "self", "Feature", "2x", "a-b", "a_b", "default", "rawValue"]"#, .init(stringEnums: true))
        #expect(
            Inference.declaration("RootElement", in: source) == [
                "enum RootElement: String, Codable {", "case _2x = \"2x\"", "case feature = \"Feature\"", "case aB = \"a-b\"",
                "case aB2 = \"a_b\"", "case `default`", "case rawValueCase = \"rawValue\"", "case `self`", "}",
            ])
    }
}

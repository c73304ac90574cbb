import Testing

/// A position that holds more than one JSON kind still decodes: an enum with a case per
/// kind, whose `init(from:)` tries each in turn.
@Suite("infer: mixed kinds become an enum with associated values")
struct KindUnionTests {
    @Test func stringAndNumber() throws {
        let source = try Inference.source(#"[{"year": 1999}, {"year": "1982"}]"#)
        #expect(Inference.properties("RootElement", in: source) == ["let year: Year"])
        let year = Inference.declaration("Year", in: source)
        #expect(year.prefix(3) == ["enum Year: Codable {", "case int(Int)", "case string(String)"])
        #expect(year.contains("if let value = try? container.decode(Int.self) {"))
        #expect(year.contains("} else if let value = try? container.decode(String.self) {"))
        #expect(year.contains("case .string(let value): try container.encode(value)"))
    }

    @Test func everyKindAtOnceAndNull() throws {
        let source = try Inference.source(#"{"v": [true, 1.5, "s", {"k": 1}, [2], null]}"#)
        #expect(Inference.properties("Root", in: source) == ["let v: [VElement?]"])
        let cases = Inference.declaration("VElement", in: source).filter {
            $0.hasPrefix("case ") && $0.contains("(") && !$0.contains("let value")
        }
        #expect(
            cases == ["case bool(Bool)", "case double(Double)", "case string(String)", "case object(VElementObject)", "case array([Int])"])
        #expect(Inference.properties("VElementObject", in: source) == ["let k: Int"])
    }

    @Test func datesAmongOtherKindsAreADateCase() throws {
        let source = try Inference.source(#"{"when": ["2024-03-05T10:00:00Z", 5]}"#)
        let cases = Inference.declaration("WhenElement", in: source).prefix(3)
        #expect(Array(cases) == ["enum WhenElement: Codable {", "case int(Int)", "case date(Date)"])
        #expect(source.contains("decoder.dateDecodingStrategy = .iso8601"))
    }
}

import Testing

@testable import ModelInference

/// Int only when every number is written as an integer that fits; Double as soon as one has
/// a fraction or exponent (`40.00` too); Decimal or Double past Int64, whichever JSONDecoder
/// decodes; an enum when no one type decodes them all.
@Suite("infer: number types from the numbers' text")
struct NumberRuleTests {
    static let table: [(numbers: String, type: String)] = [
        ("[1, -2, 0]", "Int"),
        ("[9223372036854775807, -9223372036854775808]", "Int"),
        ("[40.00]", "Double"),
        ("[1, 2.5]", "Double"),
        ("[1e2]", "Double"),
        ("[1, 2E-3]", "Double"),
        ("[1e-300]", "Double"),
        // Past Int64: Decimal keeps every digit (Double would round 12345678901234567890).
        ("[12345678901234567890]", "Decimal"),
        ("[9223372036854775808, 1]", "Decimal"),
        // A fraction beside an integer Double cannot hold exactly.
        ("[1.5, 9007199254740993]", "Decimal"),
        // JSONDecoder refuses 0e1 as a Double (its zero check reads the last bytes backwards).
        ("[0e1, 0.5]", "Decimal"),
        // 1e300 is too large for Decimal: Double.
        ("[12345678901234567890, 1e300]", "Double"),
        // Neither decodes both: the enum that tries Int, Double, Decimal.
        ("[0e1, 1e300]", "RootElement"),
        ("[1.0e-400]", "RootElement"),
    ]

    @Test("the element type of", arguments: table.indices)
    func elementType(_ k: Int) throws {
        let (numbers, type) = Self.table[k]
        let source = try Inference.source(numbers)
        #expect(source.contains("typealias Root = [\(type)]\n"), "\(numbers):\n\(source)")
    }

    @Test func noSingleTypeMeansAnEnumThatTriesEach() throws {
        let source = try Inference.source("[0e1, 1e300]")
        #expect(
            Array(Inference.declaration("RootElement", in: source).prefix(15)) == [
                "enum RootElement: Codable {",
                "case int(Int)",
                "case double(Double)",
                "case decimal(Decimal)",
                "init(from decoder: any Decoder) throws {",
                "let container = try decoder.singleValueContainer()",
                "if let value = try? container.decode(Int.self) {",
                "self = .int(value)",
                "} else if let value = try? container.decode(Double.self) {",
                "self = .double(value)",
                "} else if let value = try? container.decode(Decimal.self) {",
                "self = .decimal(value)",
                "} else {",
                "throw DecodingError.typeMismatch(RootElement.self, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: \"Expected one of: Int, Double, Decimal\"))",
                "}",
            ])
    }

    /// Foundation's truly-zero check, as ``FoundationNumbers`` mirrors it; the compiled
    /// decoder's own verdicts are in `FoundationNumbersTests`.
    static let zeroes: [(text: String, decodes: Bool)] = [
        ("0", true), ("0.0", true), ("0e0", true), ("0E0", true), ("0e1", false), ("0E5", false), ("0e10", true),
        ("0e+1", true), ("-0e1", true), ("0.0e1", true), ("0.00e1", false), ("1.0e-400", false), ("2.4e-324", false),
        ("4.9e-324", true), ("1e400", false),
    ]

    @Test("JSONDecoder's Double verdict on zero-looking text", arguments: zeroes.indices)
    func zero(_ k: Int) {
        let (text, decodes) = Self.zeroes[k]
        #expect(FoundationNumbers.decodesAsDouble(text) == decodes, "\(text)")
    }
}

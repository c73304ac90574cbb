import Testing

@testable import ModelSchema

@Suite("Enums: raw values, associated values, per-case keys")
struct EnumSchemaTests {
    @Test("implicit raw values: String is the case name, Int counts on from the last explicit value")
    func rawValues() throws {
        let s = schema(
            """
            enum S: String, Codable { case draft, live = "LIVE" }
            enum I: Int, Decodable { case a, b = 10, c }
            """)
        #expect(s.messages(.error).isEmpty)
        #expect(try #require(s.types["S"]).decoding == .rawValue(.string, cases: try #require(s.types["S"]).cases))
        #expect(try #require(s.types["S"]).cases.map(\.rawValue) == [.string("draft"), .string("LIVE")])
        #expect(try #require(s.types["I"]).cases.map(\.rawValue) == [.integer(0), .integer(10), .integer(11)])
    }

    @Test("associated values: labels, _0 for unlabeled, renamed keys, per-case key type names")
    func associatedValues() throws {
        let s = schema(
            """
            enum Shape: Decodable {
                case circle(radius: Double), point, pair(Int, label: String?)
                enum CodingKeys: String, CodingKey { case circle = "Circle", point, pair }
                enum PairCodingKeys: String, CodingKey { case _0 = "first", label }
            }
            """)
        #expect(s.messages(.error).isEmpty)
        let cases = try #require(s.types["Shape"]).cases
        #expect(cases.map { $0.codingKey?.stringValue } == ["Circle", "point", "pair"])
        #expect(cases.map(\.codingKeysTypeName) == ["CircleCodingKeys", "PointCodingKeys", "PairCodingKeys"])
        #expect(cases[2].associatedValues.map { $0.codingKey?.stringValue } == ["first", "label"])
        #expect(cases[2].associatedValues.map(\.usesDecodeIfPresent) == [false, true])
        #expect(cases[0].associatedValues.map(\.type) == [.scalar(.double)])
    }

    @Test("a Character raw type is not Decodable, so the case-keyed shape is synthesized")
    func characterRawType() throws {
        let s = schema("enum C: Character, Decodable { case a = \"a\" }")
        guard case .cases? = try #require(s.types["C"]).decoding else {
            Issue.record("expected case-keyed decoding"); return
        }
    }

    @Test("an indirect recursive enum resolves its own name")
    func recursive() throws {
        let s = schema("indirect enum Expr: Decodable { case num(Int), add(Expr, Expr), list([Expr]) }")
        #expect(s.messages(.error).isEmpty)
        #expect(try #require(s.types["Expr"]).cases[2].associatedValues[0].type == .array(.named(qualifiedName: "Expr", arguments: [])))
    }
}

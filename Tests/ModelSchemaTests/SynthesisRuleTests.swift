import Testing

@testable import ModelSchema

@Suite("Synthesis rules for structs and classes")
struct SynthesisRuleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var source: String
        var type: String
        /// Decoded properties as `name:key:call`, in order.
        var expected: [String]
        var testDescription: String { source }
    }

    static let cases: [Case] = [
        Case(
            source: "struct A: Decodable { let id: Int; var name: String? }", type: "A",
            expected: ["id:id:decode", "name:name:decodeIfPresent"]),
        Case(
            source: "struct A: Decodable { let k = 3; var x = 1; var o: Int? = 4; var i: Int! }", type: "A",
            expected: ["x:x:decode", "o:o:decodeIfPresent", "i:i:decodeIfPresent"]),
        Case(
            source: "struct A: Codable { lazy var l: Int = 2; static var s = 1; var c: Int { 1 }; var w: Int { didSet {} } }",
            type: "A", expected: ["w:w:decode"]),
        Case(
            source: """
                struct A: Decodable {
                    let id: Int; var note: String = ""; let a, b: Double
                    enum CodingKeys: String, CodingKey { case id = "product_id", a, b }
                }
                """, type: "A", expected: ["id:product_id:decode", "a:a:decode", "b:b:decode"]),
        Case(
            source: "struct A: Decodable { let x: Optional<Int>; let y: [String: [Int]] }", type: "A",
            expected: ["x:x:decodeIfPresent", "y:y:decode"]),
        Case(
            source: "final class C: Decodable { var x = 1.5; let d: Foundation.Date }", type: "C",
            expected: ["x:x:decode", "d:d:decode"]),
        Case(
            source: "struct A { let x: Int }\nextension A: Codable { enum CodingKeys: String, CodingKey { case x = \"X\" } }",
            type: "A", expected: ["x:X:decode"]),
    ]

    @Test("decoded properties, keys and container calls", arguments: cases)
    func decodedProperties(_ c: Case) throws {
        let s = schema(c.source)
        #expect(s.messages(.error).isEmpty)
        let type = try #require(s.types[c.type])
        let decoded = type.decodedProperties.map {
            "\($0.name):\($0.codingKey?.stringValue ?? "-"):\($0.usesDecodeIfPresent ? "decodeIfPresent" : "decode")"
        }
        #expect(decoded == c.expected)
        #expect(type.decoding != nil)
    }

    @Test(
        "container calls follow the CodingKeys case order, wherever CodingKeys is declared",
        arguments: [
            "struct A: Decodable { let b: Int; let a: Int; let c: Int\n enum CodingKeys: String, CodingKey { case c, a = \"A\", b } }",
            "struct A { let b: Int; let a: Int; let c: Int }\nextension A: Decodable { enum CodingKeys: CodingKey { case c, a, b } }",
        ])
    func decodeOrderIsCodingKeysOrder(_ source: String) throws {
        let type = try #require(schema(source).types["A"])
        guard case .keyed(let properties)? = type.decoding else { Issue.record("not keyed"); return }
        #expect(properties.filter(\.isDecoded).map(\.name) == ["c", "a", "b"])
        // Declaration order is kept where it is promised.
        #expect(type.decodedProperties.map(\.name) == ["b", "a", "c"])
    }

    @Test("Int-valued CodingKeys keep the case name as stringValue")
    func intCodingKeys() throws {
        let s = schema("struct A: Decodable { let x: Int; let y: Int; enum CodingKeys: Int, CodingKey { case x = 5, y } }")
        let keys = try #require(s.types["A"]).decodedProperties.map(\.codingKey)
        #expect(keys == [CodingKeySpec(stringValue: "x", intValue: 5), CodingKeySpec(stringValue: "y", intValue: 6)])
    }

    @Test("a let with a default listed in CodingKeys is a warning and is not decoded")
    func letWithDefaultInKeys() throws {
        let s = schema("struct A: Decodable {\n    let x: Int = 1\n    let y: Int\n    enum CodingKeys: CodingKey { case x, y }\n}")
        #expect(s.messages(.warning) == ["2:9 A.x will not be decoded because it is a 'let' with an initial value"])
        #expect(try #require(s.types["A"]).decodedProperties.map(\.name) == ["y"])
    }

    @Test("locations and declaration text of properties")
    func locations() throws {
        let s = schema("import Foundation\nstruct Product: Codable {\n    let price: Double\n    var tags: [String] = []\n}")
        let type = try #require(s.types["Product"])
        #expect(type.declarationText == "struct Product: Codable")
        #expect(type.location.description == "Models.swift:2:1")
        #expect(type.properties.map(\.declarationText) == ["let price: Double", "var tags: [String] = []"])
        #expect(type.properties[0].location.description == "Models.swift:3:9")
    }

    @Test("a subclass of a Decodable class inherits its init(from:)")
    func inheritedInit() throws {
        let s = schema("class A: Decodable { var a: Int = 0 }\nclass B: A { var b: Int = 1 }")
        #expect(s.messages(.error).isEmpty)
        #expect(try #require(s.types["B"]).decoding == .inherited(superclass: "A"))
        #expect(s.decodableTypeNames == ["A", "B"])
    }
}

import Foundation
import TestSupport
import Testing

@testable import ModelSchema

/// Holds the schema's error reporting to the compiler's: an error exactly when `swiftc -typecheck` fails.
@Suite("Differential: schema errors match swiftc -typecheck")
struct CompilerDifferentialTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var files: [String: String]
        var rejected: Bool
        var testDescription: String { name }
        init(_ name: String, rejected: Bool, _ files: [String: String]) {
            self.name = name; self.files = files; self.rejected = rejected
        }
        init(_ name: String, rejected: Bool, _ text: String) { self.init(name, rejected: rejected, ["Models.swift": text]) }
    }

    static let corpus: [Case] = [
        // Valid models.
        Case("plain struct", rejected: false, "struct A: Codable { let id: Int; var name: String?; let tags: [String: [Int]] }"),
        Case(
            "let with default in CodingKeys (warning only)", rejected: false,
            "struct A: Decodable { let x: Int = 1; let y: Int; enum CodingKeys: String, CodingKey { case x, y } }"),
        Case(
            "optional var left out of CodingKeys", rejected: false,
            "struct A: Decodable { let x: Int; var y: Int?; enum CodingKeys: CodingKey { case x } }"),
        Case(
            "conformance and keys in an extension", rejected: false,
            "struct A { let x: Int }\nextension A: Decodable { enum CodingKeys: String, CodingKey { case x = \"X\" } }"),
        Case("final class in extension", rejected: false, "final class A { var a: Int = 0 }\nextension A: Decodable {}"),
        Case(
            "subclass of a non-Decodable class with init()", rejected: false,
            "class A { init() {} }\nclass B: A, Decodable { var b: Int }"),
        Case("subclass inherits init(from:)", rejected: false, "class A: Decodable { var a = 0 }\nclass B: A { var b = 1 }"),
        Case("generic with constraint", rejected: false, "struct P<E: Decodable>: Decodable { let items: [E]; let e: E? }"),
        Case("conditional conformance", rejected: false, "struct P<E> { let x: E }\nextension P: Decodable where E: Decodable {}"),
        Case(
            "nested types and lookup", rejected: false,
            """
            enum Cat: Codable { case a; struct Product: Codable { let id: UUID; let sub: [Product] } }
            struct Shelf: Decodable { let p: Cat.Product; let d: [UUID: Int]; let s: Set<Cat> }
            """),
        Case(
            "enums", rejected: false,
            """
            enum S: String, Codable { case a, b = "B" }
            enum I: Int, Codable { case a, b = 5, c }
            indirect enum E: Decodable { case leaf(Int), node(E, label: String?), none }
            enum K: Decodable { case a(x: Int, y: Int = 2); enum ACodingKeys: CodingKey { case x } }
            """),
        Case(
            "typealiases and a protocol refining Codable", rejected: false,
            """
            protocol Model: Codable {}
            typealias Model2 = Codable & Hashable
            typealias IDs = [Int]
            struct A: Model { let ids: IDs; let b: B }
            struct B: Model2 { var n = 1 }
            """),
        Case(
            "inferred var types and wrappers around optionals", rejected: false,
            "struct A: Decodable { var x = 1; var d = Date(); let i: Int!; var o: Optional<Foundation.URL> }"),
        Case(
            "recursion through Self, raw-typed keys, Double raw values, a struct containing itself", rejected: true,
            """
            struct Node: Codable { let kids: [Self]; let byKind: [Kind: Int] }
            struct Loop: Codable { let next: Loop? }
            enum Kind: String, Codable, CodingKeyRepresentable { case a, b }
            enum Level: Double, Codable { case low, mid = 2.5, high = 3 }
            """),
        Case(
            "recursion through Self and arrays, raw-typed keys, Double raw values", rejected: false,
            """
            struct Node: Codable { let kids: [Self]; let byKind: [Kind: Int]; let tree: [String: Node]? }
            enum Kind: String, Codable, CodingKeyRepresentable { case a, b }
            enum Level: Double, Codable { case low, mid = 2.5, high = 3 }
            """),
        Case(
            "hand-written init(from:) whose CodingKeys name no stored property", rejected: false,
            """
            struct Flat: Decodable {
                let count: Int
                enum CodingKeys: String, CodingKey { case elements }
                init(from decoder: Decoder) throws {
                    count = try decoder.container(keyedBy: CodingKeys.self).decode([Int].self, forKey: .elements).count
                }
            }
            """),
        Case(
            "hand-written init(from:) and encode(to:) with any keys and types", rejected: false,
            """
            struct Both: Codable {
                let any: [String: String]
                enum CodingKeys: CodingKey { case a }
                init(from decoder: Decoder) throws { any = [:] }
                func encode(to encoder: Encoder) throws {}
            }
            """),
        Case(
            "Foundation's scalar typealiases", rejected: false,
            "import Foundation\nstruct A: Codable { let t: TimeInterval; let f: Float64; let g: Float32; let n: IntegerLiteralType? }"),
        Case(
            "Identifiable's ID, inferred from id", rejected: false,
            """
            struct Company: Codable, Identifiable { let id: Int }
            struct Person: Codable, Identifiable { typealias ID = String; let id: ID }
            struct Employee: Codable { let company: Company.ID; let friends: [Person.ID]; let boss: Person.ID? }
            """),
        Case(
            "a type nested in a generic type", rejected: false,
            """
            struct Page<T: Codable>: Codable {
                enum Kind: String, Codable { case list, single }
                let kind: Kind
                let items: [T]
            }
            struct Feed: Codable { let kind: Page<Int>.Kind; let page: Page<String> }
            """),
        Case(
            "KeyedDecodingContainer overloads in the model sources", rejected: false,
            """
            extension KeyedDecodingContainer {
                func decodeIfPresent(_ type: String.Type, forKey key: K) throws -> String? {
                    guard contains(key), let s = try? decode(String.self, forKey: key), !s.isEmpty else { return nil }
                    return s
                }
            }
            struct User: Decodable { let name: String?; let age: Int }
            """),
        // Rejected models.
        Case(
            "hand-written init(from:) in a Codable type whose encode(to:) is synthesized", rejected: true,
            """
            struct Half: Codable {
                let count: Int
                enum CodingKeys: String, CodingKey { case elements }
                init(from decoder: Decoder) throws { count = 0 }
            }
            """),
        Case(
            "ID of a type that is not Identifiable", rejected: true,
            "struct Company: Codable { let id: Int }\nstruct Employee: Codable { let company: Company.ID }"),
        Case(
            "CodingKeys case without a property", rejected: true,
            "struct A: Decodable { let x: Int; enum CodingKeys: CodingKey { case x, z } }"),
        Case(
            "stored property missing from CodingKeys", rejected: true,
            "struct A: Decodable { let x: Int; let y: Int; enum CodingKeys: CodingKey { case x } }"),
        Case(
            "optional let missing from CodingKeys", rejected: true,
            "struct A: Decodable { let x: Int?; enum CodingKeys: CodingKey {} }"),
        Case("property type not Decodable", rejected: true, "struct B {}\nstruct A: Decodable { let b: B }"),
        Case("Character property", rejected: true, "struct A: Decodable { let c: Character }"),
        Case("Any dictionary", rejected: true, "struct A: Decodable { let d: [String: Any] }"),
        Case("tuple property", rejected: true, "struct A: Decodable { let t: (Int, Int) }"),
        Case("unknown type name", rejected: true, "struct A: Decodable { let p: Prodcut }"),
        Case("unconstrained generic", rejected: true, "struct P<E>: Decodable { let x: E }"),
        Case("non-final class conformance in extension", rejected: true, "class A { var a = 0 }\nextension A: Decodable {}"),
        Case(
            "extension in another file", rejected: true,
            ["A.swift": "struct A { let x: Int }", "B.swift": "extension A: Decodable {}"]),
        Case(
            "redundant conformance in subclass", rejected: true,
            "class A: Decodable { var a = 0 }\nclass B: A, Decodable { var b = 1 }"),
        Case("superclass without init()", rejected: true, "class A { init(x: Int) {} }\nclass B: A, Decodable { var b: Int }"),
        Case("empty enum", rejected: true, "enum E: Decodable {}"),
        Case("overloaded case names", rejected: true, "enum E: Decodable { case a(x: Int), a(y: Int) }"),
        Case(
            "associated value left out of per-case keys", rejected: true,
            "enum E: Decodable { case a(x: Int, y: Int); enum ACodingKeys: CodingKey { case x } }"),
        Case(
            "enum CodingKeys case without an enum case", rejected: true,
            "enum E: Decodable { case a(x: Int), b; enum CodingKeys: CodingKey { case a, c } }"),
        Case("duplicate raw values", rejected: true, "enum R: String, Decodable { case a = \"x\", b = \"x\" }"),
        Case("dictionary key not Hashable", rejected: true, "struct B: Decodable { let b: Int }\nstruct A: Decodable { let x: [B: Int] }"),
        Case("CodingKeys not CodingKey", rejected: true, "struct A: Decodable { let x: Int; enum CodingKeys: String { case x } }"),
        Case(
            "String CodingKeys with an Int raw value", rejected: true,
            "struct A: Decodable { let x: Int; enum CodingKeys: String, CodingKey { case x = 5 } }"),
        Case(
            "Codable type with a Decodable-only property", rejected: true,
            "struct B: Decodable { let n: Int }\nstruct A: Codable { let b: B; let c: [String: B]? }"),
        Case(
            "Codable subclass property of a Codable class", rejected: false,
            "class P: Codable { var a = 0 }\nfinal class Q: P {}\nstruct A: Codable { let q: Q; let ps: [P] }"),
        Case("syntax error", rejected: true, "struct A: Decodable { let x: Int = }"),
    ]

    @Test("schema reports an error exactly when swiftc does", arguments: corpus)
    func matchesCompiler(_ c: Case) throws {
        let (folder, paths) = try Swiftc.write(c.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let compiler = try Swiftc.run(["-typecheck"] + paths, in: folder)
        let schema = try Schema.load(paths: [folder.path])
        let compilerRejects = compiler.status != 0
        #expect(schema.hasErrors == compilerRejects, "swiftc: \(compiler.output)\nschema: \(schema.diagnostics)")
        #expect(compilerRejects == c.rejected, "corpus expectation is stale: \(compiler.output)")
    }
}

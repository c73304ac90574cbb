import Foundation
import TestSupport
import Testing

@testable import ModelSchema

@Suite("Diagnostics: what cannot be interpreted, and where")
struct DiagnosticTests {
    @Test(
        "uninterpretable constructs are reported plainly and leave the type without a decoding",
        arguments: [
            (
                "struct Product: Decodable {\n    let id: Int\n    init(from decoder: Decoder) throws { id = 1 }\n}",
                "3:5 Product has a hand-written init(from:); it cannot be interpreted"
            ),
            (
                "struct A: Decodable {\n    @Clamped var x: Int\n}",
                "2:5 A uses the attribute @Clamped (a property wrapper or macro); it cannot be interpreted"
            ),
            (
                "@Model\nfinal class Item: Codable { var x: Int = 0 }",
                "1:1 Item uses the attribute @Model (a property wrapper or macro); it cannot be interpreted"
            ),
            (
                "struct A: APIModel { let x: Int }",
                "1:1 A conforms to 'APIModel', which is not declared in the model sources; whether it is Decodable cannot be told"
            ),
            ("struct A: Decodable { let zone: TimeZone }", "1:33 A: 'zone' of type TimeZone cannot be interpreted"),
        ])
    func uninterpretable(_ source: String, _ message: String) {
        let s = schema(source)
        #expect(s.messages(.uninterpretable) == [message])
        #expect(!s.hasErrors)
        #expect(s.types.values.allSatisfy { $0.decoding == nil })
    }

    @Test("a synthesized call that a KeyedDecodingContainer overload takes over leaves that type, and only that type, uninterpreted")
    func containerOverload() {
        let s = schema(
            """
            extension KeyedDecodingContainer {
                func decodeIfPresent(_ type: String.Type, forKey key: K) throws -> String? { nil }
                func decode<T: Decodable>(_ type: [T].Type, forKey key: K) throws -> [T] { [] }
            }
            struct User: Decodable {
                let age: Int
                let name: String?
            }
            struct Tagged: Decodable { let tags: [Int] }
            struct Plain: Decodable { let age: Int; let nick: Int? }
            enum Shape: Decodable { case circle(label: String?) }
            """)
        #expect(
            s.messages(.uninterpretable) == [
                "7:9 User.name is decoded by the KeyedDecodingContainer overload decodeIfPresent(_: String.Type, …) at Models.swift:2:5; its code cannot be interpreted",
                "9:32 Tagged.tags is decoded by the KeyedDecodingContainer overload decode(_: [T].Type, …) at Models.swift:3:5; its code cannot be interpreted",
                "11:30 Shape.circle.label is decoded by the KeyedDecodingContainer overload decodeIfPresent(_: String.Type, …) at Models.swift:2:5; its code cannot be interpreted",
            ])
        #expect(s.types["User"]?.decoding == nil)
        #expect(s.types["Tagged"]?.decoding == nil)
        #expect(s.types["Shape"]?.decoding == nil)
        // Int and Int? calls match neither overload: the synthesized code calls the standard methods.
        #expect(s.types["Plain"]?.decoding != nil)
        #expect(!s.hasErrors)
    }

    @Test(
        "compiler rejections carry the line and column of the offending declaration",
        arguments: [
            (
                "struct A: Decodable {\n    let x: Int\n    enum CodingKeys: CodingKey { case x, z }\n}",
                "3:42 A.CodingKeys case 'z' does not match any stored property or case"
            ),
            (
                "struct A: Decodable {\n    let p: Prodcut\n}\nstruct Product {}",
                "2:12 cannot find type 'Prodcut' in the model sources; did you mean 'Product'?"
            ),
            (
                "struct A: Decodable {\n    let c: Character\n}",
                "2:12 A cannot synthesize Decodable: 'c' has type Character, which is not Decodable"
            ),
            ("struct A: Decodable {\n    let x: Int =\n}", "2:17 expected expression in variable"),
        ])
    func rejections(_ source: String, _ message: String) {
        #expect(schema(source).messages(.error) == [message])
    }

    @Test("loading a missing path names the path")
    func missingPath() {
        #expect(throws: SchemaLoadError.notFound(path: "/nonexistent/Models.swift")) {
            try Schema.load(paths: ["/nonexistent/Models.swift"])
        }
    }

    @Test("loading a folder reads every .swift file in it recursively")
    func folder() throws {
        let (folder, _) = try Swiftc.write(["A.swift": "struct A: Decodable { let b: B }"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let sub = folder.appendingPathComponent("Sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try "struct B: Decodable { let x: Int }".write(to: sub.appendingPathComponent("B.swift"), atomically: true, encoding: .utf8)
        let s = try Schema.load(paths: [folder.path])
        #expect(s.decodableTypeNames == ["A", "B"])
        #expect(!s.hasErrors)
    }
}

import Foundation
import JSONTree
import TestSupport
import Testing

/// The "copy as Swift" snippet: nested containers that really walk a decoder to the node.
@Suite struct NodePathSwiftCodeTests {
    @Test func snippetWalksWithNestedContainers() throws {
        let code = try NodePath(parsing: "results[2].name").swiftCode(decoding: "Name")
        let walk = code.split(separator: "\n").drop { !$0.hasPrefix("// Walks") }
        #expect(
            Array(walk) == [
                "// Walks to $.results[2].name and decodes Name there.",
                "let c0 = try decoder.container(keyedBy: AnyKey.self)",
                "var c1 = try c0.nestedUnkeyedContainer(forKey: AnyKey(\"results\"))",
                "for _ in 0..<2 { _ = try c1.decode(Skip.self) }",
                "let c2 = try c1.nestedContainer(keyedBy: AnyKey.self)",
                "let value = try c2.decode(Name.self, forKey: AnyKey(\"name\"))",
            ])
        #expect(code.contains("struct AnyKey: CodingKey {"))
        #expect(code.contains("struct Skip: Decodable { init(from decoder: any Decoder) {} }"))
    }

    @Test func rootAndArrayRootSnippets() {
        #expect(
            NodePath.root.swiftCode(decoding: "Model")
                == "// Walks to $ and decodes Model there.\nlet value = try Model(from: decoder)\n")
        #expect(
            NodePath([.index(0), .index(1)]).swiftCode(decoding: "Int") == """
                /// Moves an unkeyed container past one element without reading it.
                struct Skip: Decodable { init(from decoder: any Decoder) {} }
                // Walks to $[0][1] and decodes Int there.
                var c0 = try decoder.unkeyedContainer()
                var c1 = try c0.nestedUnkeyedContainer()
                _ = try c1.decode(Skip.self)
                let value = try c1.decode(Int.self)

                """)
    }

    @Test func hostileKeysBecomeSafeSwiftLiterals() {
        let code = NodePath([.key("a\"\\(x)\u{1B}[2J\n")]).swiftCode(decoding: "String")
        #expect(code.contains(#"forKey: AnyKey("a\"\\(x)\u{1B}[2J\n"))"#), "\(code)")
        #expect(!code.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" })
    }

    static let payload = #"""
        {"results": [{"name": "a"}, {"name": "b", "tags": ["x", "y", "z"]}],
         "matrix": [[1, 2], [3, 4]], "odd key\"\\(x)": {"é": 5}}
        """#

    /// Compiles the snippets for a few paths with `swiftc` in a harness that decodes the
    /// payload with JSONDecoder, runs it and compares what each walk reached.
    @Test(.timeLimit(.minutes(1)))
    func generatedCodeCompilesAndReachesTheValue() throws {
        let cases: [(path: String, type: String, expected: String)] = [
            ("results[1].tags[2]", "String", "z"),
            ("matrix.1.0", "Int", "3"),
            (#"["odd key\"\\(x)"]["é"]"#, "Int", "5"),
        ]
        let tree = try JSONTree.parse(Array(Self.payload.utf8))
        var source = "import Foundation\nlet payload = Data(#\"\"\"\n\(Self.payload)\n\"\"\"#.utf8)\n"
        for (k, c) in cases.enumerated() {
            let path = try NodePath(parsing: c.path).resolved(in: tree).get()
            let body = path.swiftCode(decoding: c.type).split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
            source += """
                struct Walk\(k): Decodable {
                    let reached: String
                    init(from decoder: any Decoder) throws {
                \(body)
                        reached = "\\(value)"
                    }
                }
                print(try JSONDecoder().decode(Walk\(k).self, from: payload).reached)

                """
        }
        let output = try Self.compileAndRun(source)
        #expect(output == cases.map(\.expected).joined(separator: "\n") + "\n", "\(source)")
    }

    static func compileAndRun(_ source: String) throws -> String {
        try SwiftProgram.output(["main.swift": source], flags: ["-swift-version", "6"])
    }
}

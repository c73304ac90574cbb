import JSONTree
import Testing

@testable import ModelInference

/// The output is one self-contained file: `import Foundation`, the types, `makeDecoder()`.
@Suite("infer: a self-contained Swift file")
struct OutputTests {
    @Test func theWholeFileForASmallPayload() throws {
        let source = try Inference.source(
            #"{"category": "Soap", "products": [{"name": "a", "price": 4.5}, {"name": "b", "price": 12, "inStock": false}]}"#)
        #expect(
            source == """
                import Foundation

                /// Decodes `$`: `try makeDecoder().decode(Root.self, from: data)`.
                struct Root: Codable {
                    let category: String
                    let products: [Product]
                }

                /// At `$.products[*]`.
                struct Product: Codable {
                    let name: String
                    let price: Double
                    let inStock: Bool?
                }

                /// A JSONDecoder set up as these models expect.
                func makeDecoder() -> JSONDecoder {
                    let decoder = JSONDecoder()
                    return decoder
                }

                """)
    }

    @Test func aNamespaceNestsEverythingAndMakesTheDecoderStatic() throws {
        let source = try Inference.models(#"{"when": "1990-04-28"}"#).swiftSource(namespace: "Case1")
        #expect(source.hasPrefix("enum Case1 {\n    /// Decodes `$`"))
        #expect(source.contains("\n    static func makeDecoder() -> JSONDecoder {\n"))
        #expect(source.hasSuffix("    }\n}\n"))
        #expect(!source.contains("import"))
    }

    @Test func scalarsAtTheRootAreTypealiases() throws {
        #expect(try Inference.source("\"text\"").contains("typealias Root = String\n"))
        #expect(try Inference.source("null").contains("typealias Root = UnknownValue?\n"))
        #expect(try Inference.source(#"{"1": 2}"#).contains("typealias Root = [String: Int]\n"))
    }

    @Test func keysInCommentsAndLiteralsCannotBreakOut() throws {
        let source = try Inference.source("{\"a\\nb\\\"c\\\\\": {\"x\": 1}}")
        // The path as NodePath writes it (a JSON string, which `infer --path` reads back); the raw value a Swift literal.
        #expect(source.contains(#"/// At `$["a\nb\"c\\"]`."#), "\(source)")
        #expect(source.contains(#"case aBC = "a\nb\"c\\""#), "\(source)")
        #expect(!source.contains("a\nb"), "no key ends a comment or a literal")
    }

    @Test func theNodeAtAPathIsTheRoot() throws {
        let tree = try JSONTree.parse(Array(#"{"data": {"items": [{"id": 1}]}}"#.utf8))
        let node = try NodePath(parsing: "data.items").resolve(in: tree).get()
        let models = try ModelInferrer().infer(tree: tree, at: node)
        #expect(models.swiftSource.contains("typealias Root = [RootElement]\n"))
        #expect(models.typeNames == ["RootElement"])
    }

    @Test func nestingPastJSONDecodersLimitIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let tree = try JSONTree.parse(Array(deep.utf8))
        #expect(throws: InferenceError.nestingTooDeep(limit: 512)) { try ModelInferrer().infer(tree: tree) }
        // JSONDecoder reads 500 levels, but Swift's parser takes time doubling per nested `[`
        // (issue 11): the type is refused with the reason, and 8 levels are written.
        let deepArrays = String(repeating: "[", count: 500) + "1" + String(repeating: "]", count: 500)
        #expect(throws: InferenceError.arraysNestTooDeep(path: "$", depth: 500, limit: 8)) {
            try ModelInferrer().infer(tree: JSONTree.parse(Array(deepArrays.utf8)))
        }
        let fine = String(repeating: "[", count: 8) + "1" + String(repeating: "]", count: 8)
        #expect(
            try ModelInferrer().infer(tree: JSONTree.parse(Array(fine.utf8))).swiftSource
                .contains("typealias Root = [[[[[[[[Int]]]]]]]]\n"))
    }

    @Test func aNodeOutsideTheTreeIsAnError() throws {
        let tree = try JSONTree.parse(Array("{}".utf8))
        #expect(throws: InferenceError.noSuchNode(7)) { try ModelInferrer().infer(tree: tree, at: 7) }
    }
}

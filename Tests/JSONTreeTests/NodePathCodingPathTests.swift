import Foundation
import JSONTree
import Testing

/// Paths meet `codingPath`: what Foundation's JSONDecoder really reports maps to the node.
@Suite struct NodePathCodingPathTests {
    struct Root: Decodable { let orders: [Order] }
    struct Order: Decodable { let items: [Item] }
    struct Item: Decodable { let qty: Int }

    static let payload = #"{"orders": [{"items": [{"qty": 1}]}, {"items": [{"qty": 2}, {"qty": "two"}]}]}"#

    /// The coding path of the error JSONDecoder throws for this payload and type.
    static func decodingErrorPath<T: Decodable>(_ type: T.Type, _ json: String) -> [any CodingKey] {
        do {
            _ = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        } catch let DecodingError.typeMismatch(_, context) {
            return context.codingPath
        } catch {
            Issue.record("unexpected error \(error)")
        }
        Issue.record("decoded without error")
        return []
    }

    @Test func aTypeMismatchDeepInAnArrayResolvesToTheFailingNode() throws {
        let codingPath = Self.decodingErrorPath(Root.self, Self.payload)
        let path = NodePath(codingPath: codingPath)
        #expect(path.description == "$.orders[1].items[1].qty")
        #expect(path.codingPathComponents == [.key("orders"), .index(1), .key("items"), .index(1), .key("qty")])
        let tree = try JSONTree.parse(Array(Self.payload.utf8))
        let node = try path.resolve(in: tree).get()
        #expect(tree.rawText(node) == "\"two\"")

        // And back: the node's path spells the coding path exactly as JSONDecoder did.
        let ours = NodePath(of: node, in: tree).codingPath
        #expect(ours.map(\.stringValue) == codingPath.map(\.stringValue))
        #expect(ours.map(\.intValue) == codingPath.map(\.intValue))
        #expect(ours.map(\.stringValue) == ["orders", "Index 1", "items", "Index 1", "qty"])
    }

    @Test func intKeyedDictionaryKeysStayKeys() throws {
        let json = #"{"byId": {"7": "seven", "8": 8}}"#
        let codingPath = Self.decodingErrorPath([String: [Int: String]].self, json)
        let path = NodePath(codingPath: codingPath)
        #expect(path.components == [.key("byId"), .key("8")])
        let tree = try JSONTree.parse(Array(json.utf8))
        #expect(path.resolve(in: tree).map { tree.rawText($0) } == .success("8"))
    }

    @Test func anObjectKeyNamedLikeAnIndexIsAKey() {
        let path = NodePath(codingPath: [PathCodingKey(stringValue: "Index 3"), PathCodingKey(intValue: 3)])
        #expect(path.components == [.key("Index 3"), .index(3)])
        #expect(path.codingPathComponents == [.key("Index 3"), .index(3)])
    }

    @Test func codingKeysAreSpelledAsJSONDecoderSpellsThem() {
        let path = NodePath([.key("a"), .index(0), .keyOrIndex(2)])
        #expect(path.codingPath == [.key("a"), .index(0), .key("2")])
        #expect(path.codingPath.map(\.stringValue) == ["a", "Index 0", "2"])
        #expect(path.codingPath.map(\.intValue) == [nil, 0, nil])
        #expect(NodePath(codingPath: path.codingPath) == NodePath([.key("a"), .index(0), .key("2")]))
        #expect(PathCodingKey(intValue: 4).stringValue == "Index 4")
    }
}

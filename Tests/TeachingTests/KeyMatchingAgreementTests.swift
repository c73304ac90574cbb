import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import Teaching

/// One key-matching rule, Foundation's: when two members of an object find the same coding key
/// (`"node_id"` and `"nodeId"` under `.convertFromSnakeCase`), the engine's node status, the
/// rule Teaching and the explorer call, and Teaching's typed nodes all pick the member whose
/// value `JSONDecoder` really decodes.
@Suite struct KeyMatchingAgreementTests {
    struct Probe: Decodable { let nodeId: Int }

    static let model = "struct Probe: Decodable { let nodeId: Int }"
    static let payloads = [
        #"{"node_id": 1, "nodeId": 2}"#,
        #"{"nodeId": 2, "node_id": 1}"#,
        #"{"node_id": 1, "node__id": 3}"#,
        #"{"node__id": 3, "nodeId": 2}"#,
        #"{"other": 0, "node_id": 1}"#,
        #"{"nodeId": 2}"#,
    ]

    @Test("engine, KeyMatching and TypedNodes find the member JSONDecoder reads, and the property that reads it", arguments: payloads)
    func agreeWithFoundation(_ payload: String) throws {
        let schema = Schema(sources: [ModelSource(path: "Probe.swift", text: Self.model)])
        let type = try schema.resolve("Probe")
        let bytes = Array(payload.utf8)
        let tree = try JSONTree.parse(bytes)
        for keys in [DecodeOptions.KeyStrategy.useDefaultKeys, .convertFromSnakeCase] {
            let decoder = JSONDecoder()
            if keys == .convertFromSnakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
            let foundation = try? decoder.decode(Probe.self, from: Data(bytes)).nodeId
            let strategy = "\(keys) on \(payload)"

            let matched = KeyMatching.member(of: tree.root, key: "nodeId", in: tree, keys: keys)
            #expect(matched.flatMap { Int(tree.rawText($0)) } == foundation, "KeyMatching, \(strategy)")
            #expect(TypedNodes.member(of: tree.root, key: "nodeId", in: tree, keys: keys) == matched, "TypedNodes, \(strategy)")
            // The property that reads each member, by the shared rule (TypeAtNode, the worker's value
            // lookup) and by TypedNodes' walk: `nodeId` for the member read, none for the others.
            let properties = try #require(schema.typeSchema(for: type)).properties
            let typed = TypedNodes(schema: schema, tree: tree, rootType: type, rootNode: tree.root, keys: keys)
            for member in tree.children(tree.root) {
                let expected = member == matched ? "nodeId" : nil
                let reading = KeyMatching.property(reading: member, of: tree.root, among: properties, in: tree, keys: keys)
                #expect(reading?.name == expected, "property of \(tree.key(member) ?? ""), \(strategy)")
                #expect(typed[member]?.property?.name == expected, "TypedNodes property of \(tree.key(member) ?? ""), \(strategy)")
            }

            let report = DecodingEngine(schema: schema).decode(type, payload: bytes, options: DecodeOptions(keys: keys))
            #expect(report.ok == (foundation != nil), "engine verdict, \(strategy)")
            if case .object(_, let fields)? = report.value, let value = fields.first(where: { $0.name == "nodeId" })?.value {
                #expect(value == .signed(Int64(foundation ?? -1)), "engine value, \(strategy)")
            }
            // The member JSONDecoder read is read; every other member is ignored.
            for member in tree.children(tree.root) {
                let expected: NodeStatus = member == matched && foundation != nil ? .read : .ignored
                if foundation != nil || member != matched {
                    #expect(report.nodeStatus[member] == expected, "status of \(tree.key(member) ?? ""), \(strategy)")
                }
            }
        }
    }
}

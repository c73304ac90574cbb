import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import Teaching

/// One key-matching rule, Foundation's: when two members of an object find the same coding key
/// (`"node_id"` and `"nodeId"` under `.convertFromSnakeCase`), the engine's node status and
/// node types, and the rule the explorer calls after a compiled decode, all pick the member
/// whose value `JSONDecoder` really decodes.
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

    @Test("engine and KeyMatching find the member JSONDecoder reads, and the property that reads it", arguments: payloads)
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
            // The property that reads each member, by the rule (the value lookup after a compiled
            // decode) and as the engine recorded it: `nodeId` for the member read, none for the others.
            let properties = try #require(schema.typeSchema(for: type)).properties
            let typed = DecodingEngine(schema: schema)
                .decode(type, payload: bytes, tree: tree, at: tree.root, options: DecodeOptions(keys: keys, recordsNodeTypes: true))
                .nodeTypes
            for member in tree.children(tree.root) {
                let expected = member == matched ? "nodeId" : nil
                let reading = KeyMatching.property(reading: member, of: tree.root, among: properties, in: tree, keys: keys)
                #expect(reading?.name == expected, "property of \(tree.key(member) ?? ""), \(strategy)")
                #expect(typed[member]?.property?.name == expected, "engine's property of \(tree.key(member) ?? ""), \(strategy)")
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

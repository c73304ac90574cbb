import Testing

@testable import JSONTree

/// The container bitmap the explorer folds by says what `kind` says, node by node, across
/// word boundaries and at the ragged end.
@Suite struct ContainerWordTests {
    @Test(arguments: [1, 63, 64, 65, 200, 1_000])
    func everyBitIsTheNodesKind(records: Int) throws {
        let json =
            "[" + (0..<records).map { i in i % 3 == 0 ? "{\"a\": [\(i)]}" : i % 3 == 1 ? "\(i)" : "\"s\"" }.joined(separator: ",") + "]"
        let tree = try JSONTree.parse(Array(json.utf8))
        for word in 0...(tree.nodeCount >> 6) + 1 {
            let bits = tree.containerWord(word)
            for k in 0..<64 {
                let node = word * 64 + k
                let expected = node < tree.nodeCount && tree.kind(node).isContainer
                #expect((bits >> UInt64(k)) & 1 == (expected ? 1 : 0), "node \(node)")
            }
        }
    }
}

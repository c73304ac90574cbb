import JSONTree
import Testing

@testable import ExplorerUI

/// `L` and `H` fold a word of 64 nodes at a time: the result must be the node-by-node one.
@Suite struct FoldStateTests {
    @Test func foldingASubtreeByWordsMatchesNodeByNode() throws {
        // Nested containers and scalars, a few hundred nodes: subtrees start and end anywhere
        // in a word and span several.
        let record = #"{"a": [1, {"b": [], "c": {}}, [2, [3]]], "d": {"e": null, "f": [true, false]}, "g": "x", "h": []}"#
        let tree = try JSONTree.parse(Array(("[" + Array(repeating: record, count: 30).joined(separator: ",") + ", 7]").utf8))
        // One metrics for all: its container bits are filled a subtree at a time, as asked.
        let metrics = TreeMetrics()
        var rng = SplitMix(seed: 5)
        for _ in 0..<300 {
            var start = FoldState(nodeCount: tree.nodeCount)
            for n in 0..<tree.nodeCount where tree.kind(n).isContainer { start.setExpanded(n, rng.next() % 2 == 0) }
            let node = Int(rng.next() % UInt64(tree.nodeCount))
            let expanded = rng.next() % 2 == 0
            var byNode = start
            byNode.setSubtree(node, in: tree, expanded: expanded)
            var byWord = start
            let subtree = node..<tree.subtreeEnd(node)
            byWord.setContainers(in: subtree, containers: metrics.containerBits(covering: subtree, in: tree), expanded: expanded)
            #expect(byWord == byNode)
        }
    }
}

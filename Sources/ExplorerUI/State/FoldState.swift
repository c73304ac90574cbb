import JSONTree

/// Which containers are unfolded: one bit per node, so folding is a bit flip even for
/// millions of nodes (a 6 M-node payload costs 750 KB).
public struct FoldState: Hashable, Sendable {
    private var bits: [UInt64]

    /// Everything folded but the root.
    public init(nodeCount: Int) {
        bits = [UInt64](repeating: 0, count: (nodeCount + 63) / 64)
        if nodeCount > 0 { setExpanded(0, true) }
    }

    @inline(__always)
    public func isExpanded(_ node: NodeID) -> Bool {
        bits[node >> 6] & (1 << UInt64(node & 63)) != 0
    }

    public mutating func setExpanded(_ node: NodeID, _ expanded: Bool) {
        if expanded {
            bits[node >> 6] |= 1 << UInt64(node & 63)
        } else {
            bits[node >> 6] &= ~(1 << UInt64(node & 63))
        }
    }

    /// The same folds for a tree of `nodeCount` nodes whose first nodes are this tree's (the whole
    /// payload's tree after its prefix's): nodes past the old count start folded.
    func grown(to nodeCount: Int) -> FoldState {
        var grown = FoldState(nodeCount: nodeCount)
        for (word, value) in bits.enumerated() where word < grown.bits.count { grown.bits[word] = value }
        return grown
    }

    /// Unfolds or folds every container in the subtree of `node`.
    public mutating func setSubtree(_ node: NodeID, in tree: JSONTree, expanded: Bool) {
        for n in node..<tree.subtreeEnd(node) where tree.kind(n).isContainer {
            setExpanded(n, expanded)
        }
    }

    /// Unfolds or folds every container among the nodes `range`, a word of 64 nodes at a
    /// time: `containers` has a bit set for each container of the tree, at least over `range`
    /// (see ``TreeMetrics/containerBits(covering:in:)``), so this is
    /// ``setSubtree(_:in:expanded:)`` without asking the tree for each node's kind.
    mutating func setContainers(in range: Range<NodeID>, containers: [UInt64], expanded: Bool) {
        guard !range.isEmpty else { return }
        let first = range.lowerBound >> 6
        let last = (range.upperBound - 1) >> 6
        for word in first...last {
            var mask = containers[word]
            if word == first { mask &= ~0 << UInt64(range.lowerBound & 63) }
            if word == last, range.upperBound & 63 != 0 { mask &= ~(~0 << UInt64(range.upperBound & 63)) }
            if expanded { bits[word] |= mask } else { bits[word] &= ~mask }
        }
    }

    /// The unfolded nodes in document order, at most `limit` of them.
    public func expandedNodes(limit: Int) -> [NodeID] {
        var nodes: [NodeID] = []
        for (index, word) in bits.enumerated() where word != 0 {
            var w = word
            while w != 0 {
                nodes.append(index << 6 + w.trailingZeroBitCount)
                if nodes.count >= limit { return nodes }
                w &= w - 1
            }
        }
        return nodes
    }
}

import Foundation
import JSONTree

/// Child counts and positions in the parent, remembered, so a frame costs the same near
/// the end of a 1,000,000-element array as at its start.
///
/// Both are O(siblings) to compute from the node table. A container's count is kept once
/// computed. Positions come from checkpoints: children of a container whose positions are
/// known, in document order; at first its first child (0) and, once the count is known, its
/// last (count - 1). A position is found by walking forward, over siblings (index
/// arithmetic: a sibling's subtree end is the next sibling), from the checkpoint before the
/// node or from the node to the checkpoint after it, whichever spans fewer nodes; every
/// 1,024th sibling met on the way becomes a checkpoint, so no later question walks further
/// than that. Near the end of a huge array, the walk is as short as the distance to its end;
/// in an array of scalars, a position is plain subtraction.
final class TreeMetrics: @unchecked Sendable {
    private struct Checkpoint {
        var node: NodeID
        var position: Int
    }

    private let lock = NSLock()
    private var childCounts: [NodeID: Int] = [:]
    private var checkpoints: [NodeID: [Checkpoint]] = [:]
    private var containers: [UInt64] = []
    /// Which words of `containers` are filled in, a bit each.
    private var filledWords: [UInt64] = []
    private static let stride = 1024

    /// One bit per node, set for objects and arrays, laid out like ``FoldState``'s, so that
    /// folding a whole subtree (`L`, `H`) is word operations instead of a question to the tree
    /// per node. Only the words covering `range` are sure to be filled; each word is filled
    /// once, the first time a range covers it.
    func containerBits(covering range: Range<NodeID>, in tree: JSONTree) -> [UInt64] {
        lock.lock()
        defer { lock.unlock() }
        let words = (tree.nodeCount + 63) / 64
        if containers.count != words {
            containers = [UInt64](repeating: 0, count: words)
            filledWords = [UInt64](repeating: 0, count: (words + 63) / 64)
        }
        guard !range.isEmpty else { return containers }
        for word in (range.lowerBound >> 6)...((range.upperBound - 1) >> 6) where filledWords[word >> 6] & (1 << UInt64(word & 63)) == 0 {
            containers[word] = tree.containerWord(word)
            filledWords[word >> 6] |= 1 << UInt64(word & 63)
        }
        return containers
    }

    func childCount(_ node: NodeID, in tree: JSONTree) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let known = childCounts[node] { return known }
        let count = tree.childCount(node)
        childCounts[node] = count
        return count
    }

    func position(of node: NodeID, in walker: RowWalker) -> Int {
        let tree = walker.tree
        guard let parent = tree.parent(node) else { return 0 }
        lock.lock()
        defer { lock.unlock() }
        let count = childCounts[parent]
        // Children with nothing below them sit one after another.
        if let count, tree.descendantCount(parent) == count { return node - parent - 1 }

        var known = checkpoints[parent] ?? [Checkpoint(node: parent + 1, position: 0)]
        if let count, known[known.count - 1].position != count - 1, let last = walker.lastChild(parent) {
            known.append(Checkpoint(node: last, position: count - 1))
        }
        // The last checkpoint at or before the node (the first child always is).
        var low = 0
        var high = known.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if known[middle].node <= node { low = middle } else { high = middle - 1 }
        }
        let before = known[low]
        if before.node == node {
            checkpoints[parent] = known
            return before.position
        }
        let after = low + 1 < known.count ? known[low + 1] : nil

        // Walk forward from `start` until `stop`, marking every 1,024th sibling on the way.
        var marks: [(node: NodeID, step: Int)] = []
        func walk(from start: NodeID, to stop: NodeID) -> Int? {
            var current = start
            var steps = 0
            while current != stop {
                guard let next = tree.nextSibling(current) else { return nil }
                current = next
                steps += 1
                if steps % Self.stride == 0 && current != stop { marks.append((current, steps)) }
            }
            return steps
        }
        // From the node to the checkpoint after it, or from the one before to the node.
        let towardsAfter = after.map { $0.node - node < node - before.node } ?? false
        let start = towardsAfter ? node : before.node
        guard let steps = walk(from: start, to: towardsAfter ? after!.node : node) else { return tree.indexInParent(node) ?? 0 }
        let position = towardsAfter ? after!.position - steps : before.position + steps
        let startPosition = towardsAfter ? position : before.position
        known.insert(contentsOf: marks.map { Checkpoint(node: $0.node, position: startPosition + $0.step) }, at: low + 1)
        checkpoints[parent] = known
        return position
    }
}

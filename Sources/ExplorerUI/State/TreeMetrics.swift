import Foundation
import JSONTree

/// Child counts and positions in the parent, remembered, so a frame costs the same near
/// the end of a 1,000,000-element array as at its start.
///
/// Both are O(siblings) to compute from the node table. A container's count is kept once
/// computed; a position is found by walking back over previous siblings (O(depth) each) to
/// one already known, and every 1,024th sibling met on the way is remembered, so no later
/// question walks further than that.
final class TreeMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var childCounts: [NodeID: Int] = [:]
    private var positions: [NodeID: Int] = [:]

    func childCount(_ node: NodeID, in tree: JSONTree) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let known = childCounts[node] { return known }
        let count = tree.childCount(node)
        childCounts[node] = count
        return count
    }

    func position(of node: NodeID, in walker: RowWalker) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let known = positions[node] { return known }
        var path: [NodeID] = []
        var current = node
        var base = 0
        while true {
            if let known = positions[current] { base = known; break }
            path.append(current)
            guard let previous = walker.previousSibling(current) else { base = -1; break }
            current = previous
        }
        // `path` runs from the node back to the sibling just after the known one (or the
        // first child, when base is -1); forwards, each sits one place further on.
        for (steps, n) in path.reversed().enumerated() {
            let position = base + 1 + steps
            if n == node || position % 1024 == 0 { positions[n] = position }
        }
        return positions[node]!
    }
}

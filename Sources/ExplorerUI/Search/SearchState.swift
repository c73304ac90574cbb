import JSONTree

/// A search and what is known of its matches, found by one scan of the node table in slices.
///
/// The scan starts at the cursor's node, runs to the end, wraps to the start, and stops
/// where it began; rows are never listed. A worked example with 10 nodes, the cursor (the
/// `origin`) on 6 and matches at 2 and 8: after a slice of 3 nodes `scanned` is 3 (nodes 6,
/// 7, 8) and `found` is [8]; the distance of a node from the origin, `(node - 6 + 10) % 10`,
/// orders everything, so "the next match after the cursor" is the first found one further
/// along than the cursor, known as soon as the scan has passed it. When `scanned` reaches
/// 10, `found` is [8, 2], and `sorted` ([2, 8]) gives every match its number: "match 2 of 2".
public struct SearchState: Sendable {
    public let pattern: SearchPattern
    let nodeCount: Int
    /// The first node the scan looked at.
    let origin: NodeID
    /// How many nodes from ``origin`` (wrapping at the end) have been looked at.
    var scanned = 0
    /// Matches in the order the scan met them.
    var found: [UInt32] = []
    /// Every match in document order, once the scan is complete.
    var sorted: [UInt32]?
    /// A jump waiting for the scan to get far enough.
    var pendingJump: PendingJump?
    /// The status line this search last wrote, so a finished count can update it.
    var lastStatus: StatusMessage?
    /// Whether the tree marks the matches (Esc hides them until the next jump).
    var isHighlighted = true
    /// Where the last jump landed, and past which end it wrapped.
    var lastLanding: Landing?

    struct Landing: Hashable, Sendable {
        var node: NodeID
        var wrapped: String?
    }

    struct PendingJump: Hashable, Sendable {
        var forward: Bool
        var from: NodeID
    }

    init(pattern: SearchPattern, nodeCount: Int, origin: NodeID) {
        self.pattern = pattern
        self.nodeCount = nodeCount
        self.origin = nodeCount == 0 ? 0 : origin % nodeCount
    }

    public var isComplete: Bool { scanned >= nodeCount }
    /// Whether slices of the scan are still to run (the run loop keeps asking for them).
    public var isScanning: Bool { !isComplete }

    /// How far a node is from the origin along the scan.
    func distance(_ node: NodeID) -> Int { (node - origin + nodeCount) % nodeCount }

    /// Scans on over at most `budget` nodes (to the end of the document when nil), or with
    /// `stopAtMatch` until the next match is found; returns how many nodes it looked at. The
    /// budget is a count, not a time, so what one slice does never depends on the machine.
    @discardableResult
    mutating func scanSlice(tree: JSONTree, budget: Int?, stopAtMatch: Bool = false) -> Int {
        let matcher = NodeMatcher(tree: tree, pattern: pattern)
        let before = found.count
        let first = scanned
        while !isComplete {
            let start = (origin + scanned) % nodeCount
            // To the end of the table, or (after wrapping) up to the origin; within the budget.
            let end = min(start >= origin ? nodeCount : origin, budget.map { start + max(0, $0 - (scanned - first)) } ?? Int.max)
            let stop = matcher.scan(from: start, to: end, stopAtMatch: stopAtMatch, into: &found)
            scanned += stop - start
            if stop == start || (stopAtMatch && found.count > before) { break }
        }
        if isComplete && sorted == nil {
            let split = found.firstIndex { Int($0) < origin } ?? found.count
            sorted = Array(found[split...] + found[..<split])
        }
        return scanned - first
    }

    /// Where a jump lands.
    enum Target: Hashable {
        /// On this match; `wrapped` when the jump went past an end of the document.
        case match(NodeID, wrapped: Bool)
        /// Nowhere: the whole document has no match.
        case none
        /// The scan has not got far enough to say.
        case unknown
    }

    /// Where a jump from `node` lands, as far as the scan knows.
    func target(from node: NodeID, forward: Bool) -> Target {
        let d = distance(node)
        if forward {
            // The first match further along the scan than the node.
            let k = firstIndex { distance(Int(found[$0])) > d }
            if k < found.count { return .match(Int(found[k]), wrapped: Int(found[k]) <= node) }
        } else if scanned >= d {
            // The last match before the node along the scan (unscanned nodes lie between them).
            let k = firstIndex { distance(Int(found[$0])) >= d }
            if k > 0 { return .match(Int(found[k - 1]), wrapped: Int(found[k - 1]) >= node) }
        }
        guard isComplete else { return .unknown }
        guard let wrap = forward ? found.first : found.last else { return .none }
        return .match(Int(wrap), wrapped: forward ? Int(wrap) <= node : Int(wrap) >= node)
    }

    /// The 1-based number of a match in document order and the total, once counted.
    func ordinal(of node: NodeID) -> (number: Int, total: Int)? {
        guard let sorted else { return nil }
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if Int(sorted[mid]) < node { low = mid + 1 } else { high = mid }
        }
        guard low < sorted.count, Int(sorted[low]) == node else { return nil }
        return (low + 1, sorted.count)
    }

    /// The first index of `found` where `predicate` holds (it holds for all later ones).
    private func firstIndex(where predicate: (Int) -> Bool) -> Int {
        var low = 0
        var high = found.count
        while low < high {
            let mid = (low + high) / 2
            if predicate(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// How much of the document the scan has looked at, in percent.
    var percentScanned: Int { nodeCount == 0 ? 100 : scanned * 100 / nodeCount }
}

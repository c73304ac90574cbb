import JSONTree

extension ExplorerState {
    /// The largest count typed (more digits are not taken): `j` and `k` go as far as it says.
    static let countLimit = 999_999_999
    /// The most times a count repeats any other move (`20000]e`), each repeat a whole step;
    /// the status says so when a count asked for more.
    static let repeatLimit = 10_000

    /// Digits before a move are a count (`5j`, `3J`, `2]e`), as in vim and jless; a `0` only
    /// after another digit. Returns the count with the key added, or nil when the key is not
    /// part of a count.
    func count(adding key: Key, keyMap: KeyMap) -> Int? {
        guard pendingKeys.isEmpty, case .character(let c) = key, let digit = c.wholeNumberValue, c.isASCII,
            digit > 0 || viewer.pendingCount != nil,
            case .unbound = keyMap.match([key])
        else { return nil }
        let count = viewer.pendingCount ?? 0
        return count > Self.countLimit / 10 ? count : count * 10 + digit
    }

    /// The action a key sequence named, repeated by the count typed before it when it is a move.
    func counted(_ action: Action) -> [Action] {
        let count = viewer.pendingCount ?? 1
        guard count > 1, Self.repeats(action) else { return [action] }
        switch action {
        case .moveDown: return [.moveRows(count)]
        case .moveUp: return [.moveRows(-count)]
        default:
            guard count > Self.repeatLimit else { return Array(repeating: action, count: count) }
            return Array(repeating: action, count: Self.repeatLimit) + [
                .notice(
                    "moved \(Self.repeatLimit) times, not \(count): a count repeats this move at most \(Self.repeatLimit) times",
                    isError: false)
            ]
        }
    }

    /// The moves a count repeats.
    static func repeats(_ action: Action) -> Bool {
        switch action {
        case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .nextSibling, .previousSibling,
            .foldOrParent, .unfoldOrChild, .nextError, .previousError, .nextCaught, .previousCaught, .nextMatch, .previousMatch, .jumpBack,
            .jumpForward:
            true
        default:
            false
        }
    }

    /// `z1`…`z9`: everything down to `level` levels below the root shows, what is deeper folds.
    /// Costs the number of nodes shown, not the size of the payload: the deep part folds in
    /// one sweep of the container bits.
    mutating func foldToLevel(_ level: Int) {
        let all = tree.root..<tree.subtreeEnd(tree.root)
        let containers = metrics.containerBits(covering: all, in: tree)
        folds.setContainers(in: all, containers: containers, expanded: false)
        var frontier = [tree.root]
        for depth in 0..<level {
            var next: [NodeID] = []
            for node in frontier {
                folds.setExpanded(node, true)
                // The last level's children stay folded: no need to list them. Nor the
                // children of a container with no container below it (an array of numbers).
                guard depth + 1 < level, Self.hasContainer(in: node + 1..<tree.subtreeEnd(node), containers) else { continue }
                for child in tree.children(node) where Self.isSet(child, containers) { next.append(child) }
            }
            frontier = next
        }
        // The cursor goes to the row that now shows it.
        cursor = walker.visibleRow(for: cursor.node)
        status = StatusMessage("folded to level \(level)")
    }

    private static func isSet(_ node: NodeID, _ bits: [UInt64]) -> Bool {
        bits[node >> 6] & (1 << UInt64(node & 63)) != 0
    }

    /// Whether any node in `range` is a container, a word of 64 nodes at a time.
    private static func hasContainer(in range: Range<NodeID>, _ bits: [UInt64]) -> Bool {
        guard !range.isEmpty else { return false }
        let first = range.lowerBound >> 6
        let last = (range.upperBound - 1) >> 6
        for word in first...last {
            var mask = bits[word]
            if word == first { mask &= ~0 << UInt64(range.lowerBound & 63) }
            if word == last, range.upperBound & 63 != 0 { mask &= ~(~0 << UInt64(range.upperBound & 63)) }
            if mask != 0 { return true }
        }
        return false
    }

    /// `c` / `e` (jless): folds or unfolds the cursor's container and every sibling container.
    mutating func setSiblingFolds(expanded: Bool) {
        let parent = tree.parent(cursor.node)
        let range = parent.map { $0 + 1..<tree.subtreeEnd($0) } ?? cursor.node..<cursor.node + 1
        let containers = metrics.containerBits(covering: range, in: tree)
        var changed = 0
        var sibling: NodeID? = parent.flatMap { tree.firstChild($0) } ?? cursor.node
        while let node = sibling {
            if Self.isSet(node, containers) {
                folds.setExpanded(node, expanded)
                changed += 1
            }
            sibling = parent == nil ? nil : tree.nextSibling(node)
        }
        if !expanded { cursor = Row(node: cursor.node) }
        status = StatusMessage(
            "\(expanded ? "unfolded" : "folded") \(Count.grouped(changed)) container\(changed == 1 ? "" : "s") at this level")
    }

    /// `%`: from an open container to its closing bracket, and from a closing bracket (or a
    /// member inside) back to the opening one.
    mutating func moveToMatchingBracket() {
        if cursor.isClose || cursor.ghost != nil {
            cursor = Row(node: cursor.node)
        } else if walker.isOpen(cursor.node) {
            cursor = Row(node: cursor.node, isClose: true)
        } else if let parent = tree.parent(cursor.node) {
            cursor = Row(node: parent)
        }
    }
}

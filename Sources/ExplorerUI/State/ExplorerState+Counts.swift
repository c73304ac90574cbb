import JSONTree

extension ExplorerState {
    /// The largest count a move takes (`99999j` stops here rather than freezing the screen).
    static let countLimit = 10_000

    /// Digits before a move are a count (`5j`, `3J`, `2]e`), as in vim and jless; a `0` only
    /// after another digit. Returns whether the key was taken as part of a count.
    mutating func takesCountDigit(_ key: Key, keyMap: KeyMap) -> Bool {
        guard pendingKeys.isEmpty, case .character(let c) = key, let digit = c.wholeNumberValue, c.isASCII,
              digit > 0 || viewer.pendingCount != nil,
              case .unbound = keyMap.match([key]) else { return false }
        viewer.pendingCount = min(Self.countLimit, (viewer.pendingCount ?? 0) * 10 + digit)
        return true
    }

    /// The action a key sequence named, repeated by the count typed before it when it is a move.
    mutating func counted(_ action: Action) -> [Action] {
        let count = viewer.pendingCount ?? 1
        viewer.pendingCount = nil
        guard count > 1, Self.repeats(action) else { return [action] }
        return Array(repeating: action, count: count)
    }

    /// The moves a count repeats.
    static func repeats(_ action: Action) -> Bool {
        switch action {
        case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .nextSibling, .previousSibling,
             .foldOrParent, .unfoldOrChild, .nextError, .previousError, .nextMatch, .previousMatch, .jumpBack, .jumpForward:
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
        folds.setContainers(in: all, containers: metrics.containerBits(covering: all, in: tree), expanded: false)
        var frontier = [tree.root]
        for _ in 0..<level {
            var next: [NodeID] = []
            for node in frontier where tree.kind(node).isContainer {
                folds.setExpanded(node, true)
                for child in tree.children(node) where tree.kind(child).isContainer { next.append(child) }
            }
            frontier = next
        }
        // The cursor goes to the row that now shows it.
        cursor = walker.visibleRow(for: cursor.node)
        status = StatusMessage("folded to level \(level)")
    }

    /// `c` / `e` (jless): folds or unfolds the cursor's container and every sibling container.
    mutating func setSiblingFolds(expanded: Bool) {
        let siblings: [NodeID]
        if let parent = tree.parent(cursor.node) {
            siblings = Array(tree.children(parent))
        } else {
            siblings = [cursor.node]
        }
        var changed = 0
        for node in siblings where tree.kind(node).isContainer {
            folds.setExpanded(node, expanded)
            changed += 1
        }
        if !expanded { cursor = Row(node: cursor.node) }
        status = StatusMessage("\(expanded ? "unfolded" : "folded") \(Count.grouped(changed)) container\(changed == 1 ? "" : "s") at this level")
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

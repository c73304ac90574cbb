import JSONTree

/// One line of the tree view: a node, the closing bracket of an unfolded container, or a
/// ghost member: a key the decoded model requires and the object lacks.
///
/// Rows are never listed: the visible rows are walked from the cursor with index
/// arithmetic on the node table, so a 100 MB payload costs nothing to show. In document
/// order a node's previous node (`node - 1`) is its parent or the last descendant of its
/// previous sibling, so every step below is O(depth), never O(siblings).
public struct Row: Hashable, Sendable {
    public var node: NodeID
    /// The row shows the closing `}` or `]` of `node`.
    public var isClose: Bool
    /// The row shows the `ghost`-th missing key of the object `node`, after its members.
    public var ghost: Int?

    public init(node: NodeID, isClose: Bool = false, ghost: Int? = nil) {
        self.node = node
        self.isClose = isClose
        self.ghost = ghost
    }

    /// A row that stands for the node itself (not its closing bracket, not a ghost).
    public var isNode: Bool { !isClose && ghost == nil }
}

/// Moving between visible rows, given the tree and what is folded.
public struct RowWalker {
    public let tree: JSONTree
    public let folds: FoldState
    /// How many ghost rows (missing keys) each object shows after its members.
    public let ghosts: [NodeID: Int]

    public init(tree: JSONTree, folds: FoldState, ghosts: [NodeID: Int] = [:]) {
        self.tree = tree
        self.folds = folds
        self.ghosts = ghosts
    }

    /// The row after an open container's last member: its first ghost, or its close.
    private func end(of node: NodeID) -> Row {
        (ghosts[node] ?? 0) > 0 ? Row(node: node, ghost: 0) : Row(node: node, isClose: true)
    }

    /// Whether the node's children are shown.
    @inline(__always)
    public func isOpen(_ node: NodeID) -> Bool {
        tree.kind(node).isContainer && folds.isExpanded(node)
    }

    /// The row below, or nil at the end.
    public func next(_ row: Row) -> Row? {
        if let ghost = row.ghost {
            return ghost + 1 < (ghosts[row.node] ?? 0) ? Row(node: row.node, ghost: ghost + 1) : Row(node: row.node, isClose: true)
        }
        if !row.isClose && isOpen(row.node) {
            return tree.firstChild(row.node).map { Row(node: $0) } ?? end(of: row.node)
        }
        if let sibling = tree.nextSibling(row.node) { return Row(node: sibling) }
        return tree.parent(row.node).map { end(of: $0) }
    }

    /// The row above, or nil at the top.
    public func previous(_ row: Row) -> Row? {
        if let ghost = row.ghost, ghost > 0 { return Row(node: row.node, ghost: ghost - 1) }
        if row.isClose, let count = ghosts[row.node], count > 0 { return Row(node: row.node, ghost: count - 1) }
        if row.isClose || row.ghost != nil {
            guard let last = lastChild(row.node) else { return Row(node: row.node) }
            return lastRow(of: last)
        }
        if let sibling = previousSibling(row.node) { return lastRow(of: sibling) }
        return tree.parent(row.node).map { Row(node: $0) }
    }

    /// The last row a node occupies: its closing row when open, else its own row.
    public func lastRow(of node: NodeID) -> Row {
        isOpen(node) ? Row(node: node, isClose: true) : Row(node: node)
    }

    /// The last row of the document.
    public var lastRow: Row { lastRow(of: tree.root) }

    /// The previous sibling in O(depth): the node before is the parent or inside the sibling.
    public func previousSibling(_ node: NodeID) -> NodeID? {
        guard let parent = tree.parent(node), node - 1 != parent else { return nil }
        var n = node - 1
        while let p = tree.parent(n), p != parent { n = p }
        return n
    }

    /// The last child in O(depth): the last node of the subtree belongs to it.
    public func lastChild(_ node: NodeID) -> NodeID? {
        let end = tree.subtreeEnd(node)
        guard end > node + 1 else { return nil }
        var n = end - 1
        while let p = tree.parent(n), p != node { n = p }
        return n
    }

    /// Moves `count` rows down (negative: up), stopping at either end.
    public func move(_ row: Row, by count: Int) -> Row {
        var current = row
        if count >= 0 {
            for _ in 0..<count { guard let n = next(current) else { break }; current = n }
        } else {
            for _ in 0..<(-count) { guard let p = previous(current) else { break }; current = p }
        }
        return current
    }

    /// The nearest visible row for a node: itself, or its nearest folded ancestor.
    public func visibleRow(for node: NodeID) -> Row {
        var shown = node
        var n = node
        while let p = tree.parent(n) {
            if !folds.isExpanded(p) { shown = p }
            n = p
        }
        return Row(node: shown)
    }
}

import JSONTree

/// Everything the explorer shows, as a value: changed only by ``ExplorerState/perform(_:viewHeight:)``.
public struct ExplorerState: Sendable {
    public let tree: JSONTree
    public var folds: FoldState
    /// The row the cursor is on.
    public var cursor: Row
    /// The first row on screen.
    public var top: Row
    /// The file name shown in the header.
    public var fileName: String

    public init(tree: JSONTree, fileName: String) {
        self.tree = tree
        self.fileName = fileName
        folds = FoldState(nodeCount: tree.nodeCount)
        // Open the first two levels, as a reader would on arrival.
        for child in tree.children(tree.root) where tree.kind(child).isContainer && tree.childCount(child) <= 50 {
            folds.setExpanded(child, true)
        }
        cursor = Row(node: tree.root)
        top = cursor
    }

    var walker: RowWalker { RowWalker(tree: tree, folds: folds) }
}

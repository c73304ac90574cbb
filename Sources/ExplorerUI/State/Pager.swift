import JSONTree

/// The pager (`p`): one node's text whole, wrapped to the screen, scrolled by lines.
public struct Pager: Hashable, Sendable {
    /// The node shown.
    public let node: NodeID
    /// The first wrapped line on screen.
    public var top: Int
    /// The text, split and wrapped once per width (shared by copies of the state).
    let document: PagerDocument

    init(node: NodeID, tree: JSONTree, path: NodePath) {
        self.node = node
        top = 0
        document = PagerDocument(node: node, tree: tree, path: path)
    }

    public static func == (a: Pager, b: Pager) -> Bool { a.node == b.node && a.top == b.top && a.document === b.document }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(node)
        hasher.combine(top)
    }

    /// Rows of text the pager has on a screen of this size (a title above, a status line below).
    static func pageHeight(_ layout: Layout) -> Int { max(1, layout.height - 2) }

    /// Columns a line of text may take (a column of margin each side).
    static func wrapWidth(_ layout: Layout) -> Int { max(1, layout.width - 2) }

    /// The last first line that still fills the screen.
    func maxTop(_ layout: Layout) -> Int {
        max(0, document.lines(width: Self.wrapWidth(layout)).count - Self.pageHeight(layout))
    }
}

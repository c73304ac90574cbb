import JSONTree

/// The parts of the view that jless and fx users expect: a count typed before a move, the
/// places jumped from, wrapped strings, the search direction, and line mode.
public struct ViewerState: Hashable, Sendable {
    /// Digits typed before a move (`5` of `5j`); nil when none.
    public var pendingCount: Int?
    /// Where Ctrl-o goes back to (and Ctrl-n forward again).
    public var jumps = JumpHistory()
    /// Long strings wrap in the tree (`w`) instead of being cut at the screen's edge.
    public var wrapsStrings = false
    /// The last search went backwards (`?`), so `n` goes on backwards and `N` forwards.
    public var searchesBackward = false
    /// Line mode (`m`): the payload as text; nil shows the tree.
    public var lines: LineView?
    /// The detail pane or the fixes view scrolled (`}` / `{`), on one row or fix.
    public var paneScroll: PaneScroll?
    /// The value view shows groups down to this nesting depth, deeper ones folded to `Item(…)`
    /// (`-` folds a level, `+` unfolds one); nil: everything open.
    public var valueDepth: Int?

    public init() {}
}

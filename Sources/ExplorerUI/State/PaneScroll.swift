/// How far a pane taller than its room is scrolled, and on what: the detail pane on one row
/// and view, the fixes view on one fix. Moving the cursor (or the fix) shows the new pane from
/// its top without any code resetting the offset: an offset only holds for its own anchor.
public struct PaneScroll: Hashable, Sendable {
    public enum Anchor: Hashable, Sendable {
        /// The detail pane under the tree, for a cursor row and a detail view (Tab).
        case detail(Row, DetailView)
        /// The explanation, code and diff of one fix in the fixes view (`f`).
        case fix(error: Int, selection: Int)
    }

    public var anchor: Anchor
    /// The first line shown.
    public var offset: Int

    public init(anchor: Anchor, offset: Int) {
        self.anchor = anchor
        self.offset = offset
    }
}

extension ViewerState {
    /// The first line shown of the pane at `anchor` (0 unless it was scrolled there).
    func paneOffset(_ anchor: PaneScroll.Anchor) -> Int {
        paneScroll?.anchor == anchor ? paneScroll?.offset ?? 0 : 0
    }
}

/// Everything a user (or a finished side effect) can do to the explorer's state.
public enum Action: Hashable, Sendable {
    case moveDown, moveUp
    case pageDown, pageUp, halfPageDown, halfPageUp
    case first, last
    case nextSibling, previousSibling
    /// `h`: fold an open container, else go to the parent.
    case foldOrParent
    /// `l`: unfold a folded container, else go to the first child.
    case unfoldOrChild
    case toggleFold
    case unfoldAllBelow, foldAllBelow
    /// Put the cursor on a node, unfolding what hides it.
    case reveal(Int)
}

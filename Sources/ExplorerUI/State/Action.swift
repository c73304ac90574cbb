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

    case quit
    case showHelp
    /// Opens a prompt line (`/`, `:`, `t`).
    case openPrompt(Prompt.Purpose)
    /// Enter in a prompt: act on what was typed.
    case submitPrompt(Prompt)
    /// Up and down in a prompt that shows a list.
    case movePromptSelection(Int)
    /// Esc: close what is open (a prompt, a pager), or cancel a running decode.
    case cancel
}

/// What the reducer asks the run loop to do in the world; results come back as actions.
public enum Effect: Hashable, Sendable {
    case quit
}

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

    // Searching, going, copying, paging (ExplorerState+Search, +GoTo, +Copy, +Pager).
    /// `n` / `N`: the next or previous match of the last search, wrapping around.
    case nextMatch, previousMatch
    /// One more slice of a long search scan (the run loop posts it while one is under way).
    case continueSearch
    /// `y` then `p`, `j`, `s` or `v`: put the cursor's path or value on the clipboard.
    case copy(CopyFormat)
    /// `p`: the cursor's value whole, wrapped, in a pager.
    case openPager
    /// Scrolls the pager or the help (their keys arrive as this).
    case scrollOverlay(ScrollMove)
    /// The mouse wheel: moves the view by rows, the cursor only as far as it must.
    case scrollView(Int)
    /// A click: put the cursor on a row that is on screen.
    case select(Row)
    /// Ctrl-Z: hand the terminal back to the shell until `fg`.
    case suspend
    /// Ctrl-L: paint the whole screen again.
    case redraw
}

/// What the reducer asks the run loop to do in the world; results come back as actions.
public enum Effect: Hashable, Sendable {
    case quit
    /// Put text on the clipboard (OSC 52); already made safe for a terminal.
    case copy(String)
    /// Stop the process until the shell resumes it, then take the terminal again.
    case suspend
    /// Forget what the terminal shows and paint everything on the next frame.
    case redraw
}

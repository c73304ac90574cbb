import DecodingEngine

/// What can happen to the capture list: keys the user typed (through ``CaptureListKeys``) and
/// what the worker session and the file watcher bring back.
public enum CaptureListAction: Hashable, Sendable {
    case moveDown, moveUp, pageDown, pageUp, first, last
    /// `]f` / `[f`: the next or previous entry that fails to decode (wrapping around).
    case nextFailing, previousFailing
    /// `/`: type a URL filter.
    case openFilter
    /// Enter: open the entry's body as a tree, decoded with its route's type.
    case open
    case cancel
    case quit
    case redraw
    /// A key typed while the filter prompt has the keyboard.
    case filterKey(Key)
    /// The screen's size.
    case layout(width: Int, height: Int)
    /// The session answered for an entry of check `generation`.
    case verdict(CaptureOutcomeSummary, generation: Int)
    /// Check `generation` waits for swiftc: the models (and, once per toolchain, the runner
    /// library) compile before any entry has a verdict.
    case compiling(CompileStart, generation: Int)
    /// Check `generation` cannot go on (a type the models lack, a model that does not compile).
    case stopped(reason: String, generation: Int)
    /// A check started again (a save): the rows as the routes now read.
    case restarted(rows: [CaptureRow], generation: Int)
    /// Something the user should read on the bottom line (a routes file that no longer reads).
    case say(StatusMessage)
}

/// What the list asks of the world; its run loop carries it out.
public enum CaptureListEffect: Hashable, Sendable {
    /// Open the entry at this capture index.
    case open(Int)
    case quit
    case redraw
}

import JSONTree

/// Everything the explorer shows, as a value: changed only by ``ExplorerState/perform(_:)``.
public struct ExplorerState: Sendable {
    public internal(set) var tree: JSONTree
    public var folds: FoldState
    /// The row the cursor is on.
    public var cursor: Row
    /// The first row on screen.
    public var top: Row
    /// The file name shown in the header.
    public var fileName: String
    /// What has the keyboard.
    public var mode: Mode = .browse
    /// Keys typed so far of a longer binding (`]` of `]e`).
    public var pendingKeys: [Key] = []
    /// The message on the bottom line, cleared by the next key.
    public var status: StatusMessage?
    /// Why the tree on screen is not the file on disk any more (a save that is not JSON, with
    /// its line and column): said on the bottom line until a save that reads replaces the tree.
    public var staleBecause: String?
    /// Decoding: the model and type, the request in flight, the last result.
    public var decode: DecodeSession
    /// What the detail pane shows.
    public var detail: DetailView = .automatic
    /// Remembered child counts and positions (derived from the tree, shared by copies).
    var metrics = TreeMetrics()
    /// The last search (`/`): its pattern and what is known of its matches.
    public var search: SearchState?
    /// How many nodes one slice of a long search scans between keys (data, not a clock).
    public var searchSliceNodes = ExplorerState.standardSearchSliceNodes
    /// The screen's size and parts: the one source for paging, scrolling, keeping the cursor
    /// in view, the pager, the help and the mouse. Written by ``Action/layout(_:)`` only.
    public internal(set) var viewport = Layout(width: 80, height: 24)
    /// The keys in force, so the help screen shows the user's own bindings.
    public var keyMap: KeyMap = .standard
    /// The first line of the help screen on show (it scrolls when taller than the screen).
    public var helpTop = 0
    /// What jless and fx users expect: a count typed, the jump history, wrapping, line mode.
    public var viewer = ViewerState()
    /// The capture entry this payload is (`chrome.har #3`), when it was opened from a capture's
    /// list: the back key (Backspace) returns to the list.
    public var captureEntry: String?
    /// The tour's scenarios, when the explorer runs on one (SamplePayloads).
    public var scenarios: [ScenarioPicker.Entry] = []
    /// What waits for the whole payload while only its prefix is shown (a decode asked for):
    /// performed when the whole tree comes (ExplorerState+Reading).
    var heldWhileReading: [Action] = []

    public init(tree: JSONTree, fileName: String, decode: DecodeSession = DecodeSession()) {
        self.tree = tree
        self.fileName = fileName
        self.decode = decode
        folds = FoldState(nodeCount: tree.nodeCount)
        cursor = Row(node: tree.root)
        top = cursor
        // Open the first two levels, as a reader would on arrival (small containers only).
        for child in tree.children(tree.root) where opensOnArrival(child) { folds.setExpanded(child, true) }
        if let error = tree.structureError { status = Self.notJSON(error) }
    }

    /// The bottom line's word on a payload that is not JSON: where the read stopped, and why.
    static func notJSON(_ error: JSONParseError) -> StatusMessage {
        StatusMessage(
            "not JSON at line \(error.location.line), col \(error.location.column): " + TerminalSafeText.escape(error.message), tone: .error
        )
    }

    /// Whether a child of the root is open on arrival: a small container (one still being read
    /// stays folded until its count is known).
    func opensOnArrival(_ child: NodeID) -> Bool {
        tree.kind(child).isContainer && !tree.isCut(child) && metrics.childCount(child, in: tree) <= 50
    }

    /// What the explorer does as it opens, before the first key: a payload that is not JSON
    /// opens where the read stopped (the closing row of the container the error lies in).
    public var openingActions: [Action] {
        guard let node = tree.structureErrorNode else { return [] }
        return [tree.kind(node).isContainer ? .revealClose(node) : .reveal(node)]
    }

    var walker: RowWalker { RowWalker(tree: tree, folds: folds, ghosts: decode.overlay?.ghostCounts ?? [:]) }

    /// The cursor's path, with array positions from the remembered metrics.
    var cursorPath: NodePath { path(of: cursor.node) }
}

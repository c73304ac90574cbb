import DecodeWorker
import DecodingEngine
import JSONTree
import Teaching

/// Everything a user (or a finished side effect) can do to the explorer's state.
public enum Action: Hashable, Sendable {
    case moveDown, moveUp
    /// A count before `j` or `k` (`100000j`): that many rows down (up when negative), at once,
    /// as far as there are rows.
    case moveRows(Int)
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
    /// The screen's layout: the terminal's size and the detail pane's room (the run loop sends
    /// it when either changed). Paging, scrolling and keeping the cursor in view go by it.
    case layout(Layout)
    /// Put the cursor on a container's closing bracket, unfolding it and what hides it.
    case revealClose(Int)

    case quit
    /// Back to the capture list this payload is an entry of (``ExplorerState/captureEntry``).
    case backToList
    case showHelp
    /// Keys typed that name nothing yet: a sequence's first keys (`]` of `]e`) and the count
    /// before them (`5` of `5j`); both empty once a sequence is done or named nothing.
    case typing(pending: [Key], count: Int?)
    /// A key typed into the open prompt: the prompt as edited.
    case editPrompt(Prompt)
    /// A key was pressed: the status message has been read.
    case clearStatus
    /// Opens a prompt line (`/`, `:`, `t`).
    case openPrompt(Prompt.Purpose)
    /// Enter in a prompt: act on what was typed.
    case submitPrompt(Prompt)
    /// Up and down in a prompt that shows a list.
    case movePromptSelection(Int)

    /// Enter: decode the chosen type at the cursor (the type picker opens if none is chosen).
    case decodeHere
    /// Decode again at the same root (after the type, the options or a file changed).
    case redecode
    /// A decode ended (results for superseded requests are dropped).
    case decodeFinished(requestID: Int, DecodeOutcome)
    /// The explanations and verified fixes for a finished decode's errors (nil: none found).
    case lessonsFinished(requestID: Int, TeachingReport?)
    /// A message for the status line from a side effect.
    case notice(String, isError: Bool)
    /// `I`: infer Swift models for the node at the cursor, write them to a new file, decode with them.
    case inferModel
    /// Models were inferred and written to `path`: decode `rootType` with them at the cursor.
    case modelInferred(path: String, rootType: String, keys: DecodeOptions.KeyStrategy, dates: DecodeOptions.DateStrategy?)
    /// `f`: the verified fixes for the error at the cursor.
    case openFixes
    /// Moves in the fixes view, asks to write the highlighted fix, confirms, or closes.
    case fixes(FixesMove)
    /// A fix was written (or could not be): what to tell the user, and the decoder setting it needs.
    case fixWritten(message: String, failed: Bool, setting: DecoderSetting?)
    /// A decode is still running after this long.
    case decodeProgress(requestID: Int, milliseconds: Int)
    /// What a running decode said before its verdict (compiling), or which way decided.
    case decodeNote(requestID: Int, DecodeProgress)
    /// The worker's answer to a value query (dropped unless it is about the node asked last).
    case valueAnswered(query: Int, ValueQuery.Answer)
    /// `]e` / `[e`: the next / previous error in document order.
    case nextError, previousError
    /// `]c` / `[c`: the next / previous error the model's own code caught, in document order.
    case nextCaught, previousCaught
    /// Tab: the next detail view (error or node, decoded value, model source).
    case cycleDetail
    /// `-` / `+`: the value view folds one more level of the value, or unfolds one.
    case foldValue(Int)
    /// `}` / `{`: scroll the detail pane when what it explains is taller than its room.
    case scrollDetail(ScrollMove)
    /// `i`: step through the synthesized `init(from:)` (decodes again with a trace if needed).
    case openStepping
    /// Moves the stepping view: by a number of calls, or to a kind of call.
    case step(StepMove)
    /// `o`: the strategies and all-errors mode.
    case openOptions
    /// `E`: all-errors mode on or off, and the decode again (the option `o` also changes).
    case toggleAllErrors
    case changeOption(OptionChange)
    /// Read the payload and/or the model files again (a watched file changed, or `r`).
    case reload(payload: Bool, models: Bool)
    case payloadReloaded(Loaded<ReloadedPayload>)
    /// The whole payload's tree, read after its prefix's was shown (``ExplorerServices/readWholePayload``).
    case wholePayloadRead(Loaded<ReloadedPayload>)
    case payloadUnreadable(String)
    case modelsReloaded(Loaded<DecodeSetup>)
    /// The run loop started reading the model files off the input loop.
    case modelsReadStarted
    /// A type expression was resolved off the input loop (`t`): nil, or why it cannot be decoded.
    case typeChecked(String, problem: String?)
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

    // What jless and fx users reach for (ExplorerState+Counts, +Jumps, +Editor, +Lines).
    /// `z1`…`z9`: show the tree down to this many levels below the root, fold what is deeper.
    case foldToLevel(Int)
    /// `c` / `e` (jless): fold / unfold the cursor's container and its sibling containers.
    case foldSiblings, unfoldSiblings
    /// `%`: from a container's opening row to its closing bracket, and back.
    case matchingBracket
    /// Ctrl-o / Ctrl-n: back and forward through the jump history (searches, `]e`, `:`,
    /// clicks, `%`, `g`/`G`, and the decode root changed by Enter).
    case jumpBack, jumpForward
    /// `w`: long strings wrap in the tree instead of being cut.
    case toggleWrap
    /// `v`: the cursor's value in `$EDITOR` (a temporary copy); `V`: the whole payload at the cursor's line.
    case openEditor(wholePayload: Bool)
    /// The clipboard took the text: by a command (`xclip`), or OSC 52 when there is none.
    case copied(via: String, failed: Bool)
    /// `m` (jless): line mode, the payload as text with its error lines marked, and back.
    case toggleLines
    /// Keys of the `o` menu.
    case optionsMenu(OptionsMenuMove)
    /// `S`: the tour's scenarios, each with its ABOUT.md; moves in it.
    case openScenarios
    case scenarios(ScenarioMove)
}

/// A key in the `o` menu.
public enum OptionsMenuMove: Hashable, Sendable {
    case by(Int)
    /// The next (or previous) value of the highlighted setting.
    case change(forward: Bool)
    /// Edit the date format (on the dates line).
    case editDateFormat
    case close
}

/// A move in the init(from:) stepping view.
public enum StepMove: Hashable, Sendable {
    case by(Int)
    case first, last
    /// The next call that threw.
    case nextFailure
    case close
}

/// What the reducer asks the run loop to do in the world; results come back as actions.
public enum Effect: Hashable, Sendable {
    case quit
    case startDecode(DecodeRequest)
    case cancelDecode
    /// Ask the finished decode `decode` (its request id) for the value at a node, off the input loop.
    case askValue(ValueQuery, decode: Int)
    case reload(payload: Bool, models: Bool)
    /// Stop waiting for the model files being read (Esc): their result is dropped.
    case cancelModelRead
    /// Resolve a type expression with the current models, off the input loop.
    case checkType(String)
    /// Writes a fix's changes to the model files, atomically, keeping backups.
    case writeFix(Fix)
    /// Infers models for a node and writes them to a new file.
    case inferModel(node: NodeID, name: String, keys: DecodeOptions.KeyStrategy)
    /// Put text on the clipboard (OSC 52); already made safe for a terminal.
    case copy(String)
    /// Stop the process until the shell resumes it, then take the terminal again.
    case suspend
    /// Forget what the terminal shows and paint everything on the next frame.
    case redraw
    /// Suspend the screen and open text in `$EDITOR` at a line (a temporary copy).
    case openEditor(EditorRequest)
    /// Leave this payload and start again on another (a scenario of the tour).
    case switchPayload(String)
    /// Leave this entry's tree for the capture list it was opened from.
    case backToList
}

/// A move in the fixes view.
public enum FixesMove: Hashable, Sendable {
    case by(Int)
    /// Enter: ask before writing the highlighted fix.
    case askToWrite
    /// y: write it.
    case confirm
    case close
    /// Scroll the highlighted fix's explanation, code and diff.
    case scroll(ScrollMove)
}

/// A loaded value carried by an action; equal by load number, not by content.
public struct Loaded<Value: Sendable>: Hashable, Sendable {
    public let value: Value
    public let number: Int

    public init(_ value: Value, number: Int) {
        self.value = value
        self.number = number
    }

    public static func == (a: Self, b: Self) -> Bool { a.number == b.number }
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}

/// A payload read again from disk.
public struct ReloadedPayload: Sendable {
    public var tree: JSONTree
    public var byteCount: Int

    public init(tree: JSONTree, byteCount: Int) {
        self.tree = tree
        self.byteCount = byteCount
    }
}

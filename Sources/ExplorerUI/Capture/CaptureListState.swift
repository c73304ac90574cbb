import Capture
import DecodingEngine
import JSONTree

/// The explorer opened on a capture: its entries as a list, the cursor, the URL filter, and the
/// marks that fill in as the worker session answers. A value, changed only by
/// ``CaptureListState/perform(_:)``; the screen is ``CaptureListRenderer``'s render of it.
///
/// Positions: `cursor` and `top` are indices into ``shown``, the rows the filter lets through,
/// in capture order (`shown` is all rows without a filter). A filter that changes keeps the
/// cursor on the same entry when it is still shown.
public struct CaptureListState: Sendable {
    /// The capture's name in the header (`chrome.har`).
    public var name: String
    public private(set) var rows: [CaptureRow]
    /// The rows the filter shows, as indices into ``rows``.
    public private(set) var shown: [Int]
    /// The cursor's position in ``shown``.
    public private(set) var cursor = 0
    /// The first position of ``shown`` on screen.
    public private(set) var top = 0
    /// The URL filter in force (`/`): a case-insensitive substring of the URL.
    public private(set) var filter = ""
    /// The filter being typed, when `/` has the keyboard.
    public private(set) var prompt: Prompt?
    /// The filter in force when `/` was typed: Esc puts it back.
    private(set) var filterBefore = ""
    /// The entry the cursor was last on: a filter that shows nothing, then shows it again, finds it.
    private(set) var anchor = 0
    /// Keys typed so far of a longer binding (`]` of `]f`).
    public private(set) var pendingKeys: [Key] = []
    /// The bottom line's message, cleared by the next key.
    public var status: StatusMessage?
    /// Which check the marks come from: a re-check (a save) starts a new one, and what an older
    /// one still posts is dropped.
    public private(set) var generation = 0
    /// How many entries of the running check have their verdict.
    public private(set) var answered = 0
    /// What swiftc compiles before the running check's first verdict, while it does (the header
    /// says it instead of a count that does not move); nil once an entry has its verdict.
    public private(set) var compiling: CompileStart?
    /// The screen's size: paging and keeping the cursor in view.
    public private(set) var size = (width: 80, height: 24)

    public init(name: String, rows: [CaptureRow]) {
        self.name = name
        self.rows = rows
        shown = Array(rows.indices)
        answered = rows.filter { $0.mark != .checking }.count
    }

    /// The row under the cursor; nil when the filter shows none.
    public var selected: CaptureRow? { shown.indices.contains(cursor) ? rows[shown[cursor]] : nil }

    /// Whether the session still has entries to answer for.
    public var isChecking: Bool { rows.contains { $0.mark == .checking } }

    /// How many rows the list gets on a screen of this state's size (``CaptureListLayout``).
    var listHeight: Int { CaptureListLayout(width: size.width, height: size.height).listHeight }

    // MARK: Changes the reducer makes

    mutating func setSize(width: Int, height: Int) {
        size = (width, height)
        keepCursorInView()
    }

    mutating func moveCursor(to position: Int) {
        guard !shown.isEmpty else { return }
        cursor = min(max(0, position), shown.count - 1)
        anchor = rows[shown[cursor]].index
        keepCursorInView()
    }

    mutating func keepCursorInView() {
        let height = max(1, listHeight)
        if cursor < top { top = cursor }
        if cursor >= top + height { top = cursor - height + 1 }
        top = max(0, min(top, max(0, shown.count - height)))
    }

    mutating func setPrompt(_ prompt: Prompt?) {
        if self.prompt == nil { filterBefore = filter }
        self.prompt = prompt
    }
    mutating func setPendingKeys(_ keys: [Key]) { pendingKeys = keys }

    /// Applies a URL filter, keeping the cursor on its entry when the entry is still shown (else on
    /// the first shown entry after it).
    mutating func applyFilter(_ text: String) {
        let entry = anchor
        filter = text
        let needle = text.lowercased()
        shown = rows.indices.filter { needle.isEmpty || (rows[$0].url ?? "").lowercased().contains(needle) }
        cursor = shown.firstIndex { rows[$0].index >= entry } ?? max(0, shown.count - 1)
        if let row = selected { anchor = row.index }
        top = 0
        keepCursorInView()
    }

    /// A verdict from the session, for the check it belongs to.
    mutating func setMark(_ outcome: CaptureOutcomeSummary, generation: Int) {
        guard generation == self.generation, rows.indices.contains(outcome.index), rows[outcome.index].mark == .checking else { return }
        rows[outcome.index].mark = CaptureMark(outcome)
        answered += 1
        compiling = nil
    }

    /// Check `generation` waits for swiftc to compile `start`'s files.
    mutating func noteCompiling(_ start: CompileStart, generation: Int) {
        guard generation == self.generation, answered < rows.count else { return }
        compiling = start
    }

    /// Check `generation` stopped: said on the bottom line, and the entries it did not reach say so.
    mutating func stop(reason: String, generation: Int) {
        guard generation == self.generation else { return }
        compiling = nil
        status = StatusMessage("the check stopped: " + reason, tone: .error)
        for index in rows.indices where rows[index].mark == .checking {
            rows[index].mark = .skipped("not checked: the check stopped")
            answered += 1
        }
    }

    /// A new check of the capture (a model or the routes saved): the rows as the routes now read
    /// (every body to decode marked checking again), the filter and the cursor's entry kept.
    mutating func restart(rows newRows: [CaptureRow], generation: Int) {
        let entry = anchor
        rows = newRows
        self.generation = generation
        compiling = nil
        answered = rows.filter { $0.mark != .checking }.count
        let text = filter
        applyFilter(text)
        if let position = shown.firstIndex(where: { rows[$0].index == entry }) { moveCursor(to: position) }
    }
}

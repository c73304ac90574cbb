import Capture
import JSONTree

/// Renders the capture list (state, size) into a ``Screen``: a header with the counts so far,
/// one row an entry, the selected entry's request and response below, the bottom line. Pure.
/// Everything read from the capture is escaped (``TerminalSafeText``) before it is drawn.
public enum CaptureListRenderer {
    public static func render(_ state: CaptureListState, width: Int, height: Int) -> Screen {
        var screen = Screen(width: width, height: height)
        let layout = CaptureListLayout(width: width, height: height)
        guard !layout.isTooSmall else {
            screen.put("Too small", x: 0, y: 0, style: .warning)
            screen.put("need \(CaptureListLayout.minimumWidth)x\(CaptureListLayout.minimumHeight)", x: 0, y: 1, style: .plain)
            return screen
        }
        drawHeader(state, into: &screen)
        let columns = Columns(state: state, width: width)
        screen.put(columns.titles, x: 0, y: 1, style: .dimmed)
        for line in 0..<layout.listHeight {
            let position = state.top + line
            guard state.shown.indices.contains(position) else { break }
            let row = state.rows[state.shown[position]]
            let y = layout.listTop + line
            columns.draw(row, into: &screen, y: y)
            if position == state.cursor { screen.restyle(row: y, as: .cursor) }
        }
        if state.shown.isEmpty {
            screen.put(" no entry's URL contains \"\(TerminalSafeText.escape(state.filter))\"", x: 0, y: layout.listTop, style: .dimmed)
        }
        screen.fill(row: layout.ruleY, from: 0, with: "─", style: .border)
        if let row = state.selected {
            CaptureDetailRenderer(row: row, width: width, compiling: state.compiling).draw(
                into: &screen, top: layout.detailTop, height: layout.detailHeight)
        }
        drawBottomLine(state, into: &screen, y: layout.bottomY)
        return screen
    }

    /// ` chrome.har  5 entries   ✓ 2  ✖ 1  ⚠ 1  – 1   checking 3/5…`, and the filter in force.
    private static func drawHeader(_ state: CaptureListState, into screen: inout Screen) {
        screen.fill(row: 0, from: 0, with: " ", style: .header)
        var counts = (decodes: 0, fails: 0, errorResponses: 0, other: 0)
        for row in state.rows {
            switch row.mark {
            case .decodes: counts.decodes += 1
            case .fails: counts.fails += 1
            case .errorResponse: counts.errorResponses += 1
            case .unmapped, .skipped: counts.other += 1
            case .checking: break
            }
        }
        let entries = "\(state.rows.count) entr\(state.rows.count == 1 ? "y" : "ies")"
        let summary = "✓ \(counts.decodes)  ✖ \(counts.fails)  ⚠ \(counts.errorResponses)  – \(counts.other)"
        let checking =
            state.isChecking
            ? "   " + (state.compiling == nil ? "checking \(state.answered)/\(state.rows.count)…" : "compiling…") : ""
        let filter = state.filter.isEmpty ? "" : "   /" + TerminalSafeText.escape(state.filter)
        let right = summary + checking + filter
        let rightWidth = min(DisplayWidth.of(right) + 1, screen.width / 2)
        let limit = screen.width - rightWidth - 1
        let x = screen.put(
            " " + Shortened.fromLeft(TerminalSafeText.escape(state.name), width: max(4, limit - 2 - DisplayWidth.of(entries) - 2)), x: 0,
            y: 0, style: .header, limit: limit)
        screen.put("  " + entries, x: x, y: 0, style: .header, limit: limit)
        screen.put(
            Shortened.text(right, width: rightWidth - 1), x: screen.width - rightWidth, y: 0, style: counts.fails > 0 ? .error : .header)
    }

    private static func drawBottomLine(_ state: CaptureListState, into screen: inout Screen, y: Int) {
        if let prompt = state.prompt {
            let x = screen.put("/", x: 0, y: y, style: .status)
            let end = screen.put(TerminalSafeText.escape(prompt.text), x: x, y: y, style: .plain)
            screen.put("▏", x: end, y: y, style: .status)
            let count = "  \(state.shown.count) of \(state.rows.count) URLs match"
            screen.put(count, x: end + 1, y: y, style: .dimmed)
        } else if let status = state.status {
            screen.put(
                " " + Shortened.text(TerminalSafeText.escape(status.text), width: screen.width - 2), x: 0, y: y,
                style: status.tone == .error ? .error : .status)
        } else if !state.pendingKeys.isEmpty {
            screen.put(" " + TerminalSafeText.escape(KeyName.describe(state.pendingKeys)) + "…", x: 0, y: y, style: .status)
        } else {
            let hints = CaptureListKeys.hints
            screen.put(" " + Shortened.parts(hints.map(\.0), priority: hints.map(\.1), width: screen.width - 1), x: 0, y: y, style: .hint)
        }
    }

    /// The verdict column: `✓`, `✖ 2`, `⚠ 401` (an error response no rule covers), `–`, `…`.
    static func glyph(_ row: CaptureRow) -> (String, Style) {
        switch row.mark {
        case .checking: ("…", .dimmed)
        case .decodes: ("✓", .success)
        case .fails(let errors, _): (errors > 0 ? "✖ \(errors)" : "✖", .error)
        case .errorResponse: ("⚠ \(row.status.map(String.init) ?? "")", .warning)
        case .unmapped, .skipped: ("–", .dimmed)
        }
    }

    /// The mark in words, as the detail pane and the bottom line say it.
    static func markWords(_ mark: CaptureMark) -> String {
        switch mark {
        case .checking: "checking…"
        case .decodes: "decodes"
        case .fails(let errors, let first):
            (errors > 0 ? "\(errors) error\(errors == 1 ? "" : "s")" : "fails") + (first.map { ": " + $0 } ?? "")
        case .errorResponse: "an error response that no status rule covers: not decoded as the success type"
        case .unmapped: "no route covers it"
        case .skipped(let reason): "skipped: " + reason
        }
    }
}

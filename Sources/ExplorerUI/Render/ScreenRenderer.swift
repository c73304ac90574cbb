import Foundation
import JSONTree

/// Renders (state, size) into a ``Screen``: header, tree, detail pane, bottom line. Pure.
public struct ScreenRenderer {
    public static let minimumWidth = Layout.minimumWidth
    public static let minimumHeight = Layout.minimumHeight

    /// Rows the tree gets on a screen of this height.
    public static func treeHeight(forScreenHeight height: Int) -> Int { Layout(width: 80, height: height).treeHeight }

    public static func render(_ state: ExplorerState, width: Int, height: Int) -> Screen {
        var screen = Screen(width: width, height: height)
        let layout = Layout(width: width, height: height, for: state)
        guard !layout.isTooSmall else {
            screen.put("Too small", x: 0, y: 0, style: .warning)
            screen.put("need \(minimumWidth)x\(minimumHeight)", x: 0, y: 1, style: .plain)
            return screen
        }
        if state.mode == .help {
            HelpRenderer.draw(state, into: &screen)
            return screen
        }
        if case .pager(let pager) = state.mode {
            PagerRenderer.draw(pager, state: state, into: &screen)
            return screen
        }
        drawHeader(state, into: &screen)
        if let lines = state.viewer.lines, state.mode == .browse || state.mode.isPrompt {
            LinesRenderer.draw(lines, state: state, into: &screen, layout: layout)
            drawBottomLine(state, into: &screen, y: layout.bottomY)
            return screen
        }
        TreeRenderer(state: state).draw(into: &screen, top: layout.treeTop, height: layout.treeHeight)
        screen.fill(row: layout.ruleY, from: 0, with: "─", style: .border)
        if case .stepping(let index) = state.mode, let trace = state.decode.overlay?.report.trace {
            SteppingRenderer(state: state, trace: trace, index: index).draw(
                into: &screen, top: layout.detailTop, height: layout.detailHeight)
        } else {
            DetailRenderer(state: state).draw(into: &screen, top: layout.detailTop, height: layout.detailHeight)
        }
        drawBottomLine(state, into: &screen, y: layout.bottomY)
        switch state.mode {
        case .options(let selection):
            OptionsRenderer.draw(state.decode.setup.options, selection: selection, into: &screen, layout: layout)
        case .fixes(let error, let selection, let confirming):
            FixesRenderer(state: state, error: error, selection: selection, confirming: confirming).draw(into: &screen, layout: layout)
        case .scenarios(let picker):
            ScenarioRenderer.draw(picker, into: &screen, layout: layout)
        case .prompt(let prompt) where prompt.purpose == .type:
            TypePickerRenderer.draw(prompt, names: state.decode.setup.typeNames, into: &screen, layout: layout)
        default:
            break
        }
        return screen
    }

    private static func drawHeader(_ state: ExplorerState, into screen: inout Screen) {
        let tree = state.tree
        screen.fill(row: 0, from: 0, with: " ", style: .header)
        var verdict = DecodeVerdict(state.decode)
        if let root = state.decode.root, root != tree.root, !verdict.text.isEmpty {
            // Enter moved the decode root: say where it is, so the change is seen.
            verdict.text = "@" + Self.leftTruncated(TerminalSafeText.escape(state.path(of: root).description), to: 24) + "  " + verdict.text
        }
        let verdictWidth = verdict.text.isEmpty ? 0 : min(DisplayWidth.of(verdict.text) + 2, screen.width / 2)
        let limit = screen.width - verdictWidth
        let path = "   " + TerminalSafeText.escape(state.cursorPath.description)
        let size = "  " + ByteCount.format(tree.text.count)
        // The cursor's path matters most: the file name gives way first, from its left.
        let nameRoom = max(8, limit - 2 - DisplayWidth.of(size) - min(DisplayWidth.of(path), limit / 2))
        var x = screen.put(
            " " + Self.leftTruncated(TerminalSafeText.escape(state.fileName), to: nameRoom), x: 0, y: 0, style: .header, limit: limit)
        x = screen.put(size, x: x, y: 0, style: .header, limit: limit)
        let end = screen.put(path, x: x, y: 0, style: .header, limit: limit - 1)
        if x + DisplayWidth.of(path) > limit - 1 { screen.put("…", x: min(end, limit - 1), y: 0, style: .header) }
        guard !verdict.text.isEmpty else { return }
        screen.put(verdict.text, x: screen.width - verdictWidth + 1, y: 0, style: verdict.style, limit: screen.width - 1)
    }

    /// Text cut from the left with `…` to fit `width` columns.
    static func leftTruncated(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var kept = ""
        var used = 1
        for character in text.reversed() {
            let w = DisplayWidth.of(character)
            if used + w > width { break }
            kept.insert(character, at: kept.startIndex)
            used += w
        }
        return "…" + kept
    }

    private static func drawBottomLine(_ state: ExplorerState, into screen: inout Screen, y: Int) {
        if case .prompt(let prompt) = state.mode {
            let x = screen.put(prompt.label, x: 0, y: y, style: .status)
            let end = screen.put(TerminalSafeText.escape(prompt.text), x: x, y: y, style: .plain)
            screen.put("▏", x: end, y: y, style: .status)
        } else if let progress = DecodeVerdict.compileProgress(state.decode) {
            screen.put(" " + progress, x: 0, y: y, style: .status)
        } else if state.decode.isRunning && state.decode.opensSteppingWhenDone {
            // Said while it is true only: once the trace is shown, the line has moved on.
            screen.put(" decoding again with a trace of the container calls…", x: 0, y: y, style: .status)
        } else if let status = state.status {
            screen.put(" " + TerminalSafeText.escape(status.text), x: 0, y: y, style: status.tone == .error ? .error : .status)
        } else if !state.pendingKeys.isEmpty || state.viewer.pendingCount != nil {
            let count = state.viewer.pendingCount.map(String.init) ?? ""
            screen.put(" " + count + TerminalSafeText.escape(KeyName.describe(state.pendingKeys)) + "…", x: 0, y: y, style: .status)
        } else {
            let hints =
                state.decode.setup.modelPaths.isEmpty
                ? "j/k move  h/l fold  space toggle  J/K sibling  / search  : go to  F1 help  q quit"
                : "j/k move  h/l fold  ⏎ decode here  t type  o options  ]e next error  Tab detail  F1 help  q quit"
            // Whole hints only, as many as fit, and always the way to the help: "F1 help" cut
            // to "F1 he" helps nobody.
            let all = hints.components(separatedBy: "  ")
            let last = all.suffix(2).joined(separator: "  ")
            var shown: [String] = []
            for hint in all.dropLast(2) where DisplayWidth.of((shown + [hint, last]).joined(separator: "  ")) <= screen.width {
                shown.append(hint)
            }
            screen.put((shown + [last]).joined(separator: "  "), x: 0, y: y, style: .hint)
        }
    }
}

/// Sizes as people read them: 48.2 KB.
enum ByteCount {
    static func format(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}

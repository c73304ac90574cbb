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
            verdict.text =
                "@" + Shortened.fromLeft(TerminalSafeText.escape(state.path(of: root).description), width: 24) + "  " + verdict.text
        }
        let verdictWidth = verdict.text.isEmpty ? 0 : min(DisplayWidth.of(verdict.text) + 2, screen.width / 2)
        let limit = screen.width - verdictWidth
        let path = TerminalSafeText.escape(state.cursorPath.description)
        // While the rest of a large payload is read, the header says so beside its size.
        let size = "  " + ByteCount.format(tree.payloadByteCount) + (tree.isPrefix ? " reading…" : "")
        // The cursor's path matters most: the file name gives way first, from its left.
        let nameRoom = max(8, limit - 2 - DisplayWidth.of(size) - min(DisplayWidth.of(path) + 3, limit / 2))
        var x = screen.put(
            " " + Shortened.fromLeft(TerminalSafeText.escape(state.fileName), width: nameRoom), x: 0, y: 0, style: .header, limit: limit)
        x = screen.put(size, x: x, y: 0, style: .header, limit: limit)
        // A path too long keeps its end: where the cursor is, not where the document starts.
        screen.put("   " + Shortened.fromLeft(path, width: max(0, limit - 1 - x - 3)), x: x, y: 0, style: .header, limit: limit - 1)
        guard !verdict.text.isEmpty else { return }
        screen.put(verdict.text(width: verdictWidth - 2), x: screen.width - verdictWidth + 1, y: 0, style: verdict.style)
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
            screen.put(
                " " + Shortened.text(TerminalSafeText.escape(status.text), width: screen.width - 2), x: 0, y: y,
                style: status.tone == .error ? .error : .status)
        } else if !state.pendingKeys.isEmpty || state.viewer.pendingCount != nil {
            let count = state.viewer.pendingCount.map(String.init) ?? ""
            screen.put(" " + count + TerminalSafeText.escape(KeyName.describe(state.pendingKeys)) + "…", x: 0, y: y, style: .status)
        } else if let stale = state.staleBecause {
            // Until a save that reads: the tree above is the last good read, and why.
            screen.put(
                " " + Shortened.text("✖ stale tree: " + TerminalSafeText.escape(stale), width: screen.width - 2),
                x: 0, y: y, style: .error)
        } else {
            screen.put(
                Self.hints(
                    decoding: !state.decode.setup.modelPaths.isEmpty,
                    backKey: state.captureEntry == nil ? nil : state.keyMap.keyName(for: .backToList), width: screen.width),
                x: 0, y: y, style: .hint)
        }
    }
}

/// The bottom line's key hints: whole hints only, as many as fit, the most useful first (a
/// narrow screen drops `o options` before `]e next error`, never cuts `F1 help` to `F1 he`),
/// shown in their reading order.
extension ScreenRenderer {
    static func hints(decoding: Bool, backKey: String? = nil, width: Int) -> String {
        // (hint, rank): rank 0 stays on any screen; higher ranks give way first.
        var hints: [(String, Int)] =
            decoding
            ? [
                ("j/k move", 0), ("h/l fold", 3), ("⏎ decode here", 5), ("t type", 4), ("o options", 6), ("]e next error", 1),
                ("Tab detail", 2), ("F1 help", 0), ("q quit", 0),
            ]
            : [
                ("j/k move", 0), ("h/l fold", 1), ("space toggle", 4), ("J/K sibling", 5), ("/ search", 2), (": go to", 3),
                ("F1 help", 0), ("q quit", 0),
            ]
        // An entry opened from a capture's list: the way back stays on any screen.
        if let backKey { hints.insert(("\(backKey) list", 0), at: hints.count - 2) }
        return Shortened.parts(hints.map(\.0), priority: hints.map(\.1), width: width)
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

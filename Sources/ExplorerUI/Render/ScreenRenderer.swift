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
        let layout = Layout(width: width, height: height)
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
        TreeRenderer(state: state).draw(into: &screen, top: layout.treeTop, height: layout.treeHeight)
        screen.fill(row: layout.ruleY, from: 0, with: "─", style: .border)
        DetailRenderer(state: state).draw(into: &screen, top: layout.detailTop, height: layout.detailHeight)
        drawBottomLine(state, into: &screen, y: layout.bottomY)
        return screen
    }

    private static func drawHeader(_ state: ExplorerState, into screen: inout Screen) {
        let tree = state.tree
        screen.fill(row: 0, from: 0, with: " ", style: .header)
        var x = screen.put(" " + TerminalSafeText.escape(state.fileName), x: 0, y: 0, style: .header)
        x = screen.put("  " + ByteCount.format(tree.text.count), x: x, y: 0, style: .header)
        let path = state.cursorPath.description
        screen.put("   " + TerminalSafeText.escape(path), x: x, y: 0, style: .header)
    }

    private static func drawBottomLine(_ state: ExplorerState, into screen: inout Screen, y: Int) {
        if case .prompt(let prompt) = state.mode {
            let x = screen.put(prompt.label, x: 0, y: y, style: .status)
            let end = screen.put(TerminalSafeText.escape(prompt.text), x: x, y: y, style: .plain)
            screen.put("▏", x: end, y: y, style: .status)
        } else if let status = state.status {
            screen.put(" " + TerminalSafeText.escape(status.text), x: 0, y: y, style: status.tone == .error ? .error : .status)
        } else if !state.pendingKeys.isEmpty {
            screen.put(" " + TerminalSafeText.escape(KeyName.describe(state.pendingKeys)) + "…", x: 0, y: y, style: .status)
        } else {
            screen.put("j/k move  h/l fold  space toggle  J/K sibling  g/G ends  ? help  q quit", x: 0, y: y, style: .hint)
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

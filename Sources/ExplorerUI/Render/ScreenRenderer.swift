import Foundation
import JSONTree

/// Renders (state, size) into a ``Screen``: header, tree, detail line, key hints. Pure.
public struct ScreenRenderer {
    public static let minimumWidth = 20
    public static let minimumHeight = 5

    /// Rows the tree gets on a screen of this height.
    public static func treeHeight(forScreenHeight height: Int) -> Int { max(1, height - 4) }

    public static func render(_ state: ExplorerState, width: Int, height: Int, showingHelp: Bool = false) -> Screen {
        var screen = Screen(width: width, height: height)
        guard width >= minimumWidth && height >= minimumHeight else {
            screen.put("Too small", x: 0, y: 0, style: .warning)
            screen.put("need \(minimumWidth)x\(minimumHeight)", x: 0, y: 1, style: .plain)
            return screen
        }
        if showingHelp {
            HelpRenderer.draw(into: &screen)
            return screen
        }
        drawHeader(state, into: &screen)
        TreeRenderer(state: state).draw(into: &screen, top: 1, height: treeHeight(forScreenHeight: height))
        screen.fill(row: height - 3, from: 0, with: "─", style: .border)
        drawDetail(state, into: &screen, y: height - 2)
        screen.put("j/k move  h/l fold  space toggle  J/K sibling  g/G ends  ? help  q quit", x: 0, y: height - 1, style: .hint)
        return screen
    }

    private static func drawHeader(_ state: ExplorerState, into screen: inout Screen) {
        let tree = state.tree
        screen.fill(row: 0, from: 0, with: " ", style: .header)
        var x = screen.put(" " + TerminalSafeText.escape(state.fileName), x: 0, y: 0, style: .header)
        x = screen.put("  " + ByteCount.format(tree.text.count), x: x, y: 0, style: .header)
        let path = state.cursorPath.description
        screen.put("   " + path, x: x, y: 0, style: .header)
    }

    private static func drawDetail(_ state: ExplorerState, into screen: inout Screen, y: Int) {
        let tree = state.tree
        let node = state.cursor.node
        let location = tree.location(node)
        var x = screen.put(" \(tree.kind(node).name)", x: 0, y: y, style: .plain)
        x = screen.put("  line \(location.line), col \(location.column)", x: x, y: y, style: .dimmed)
        if let issue = tree.issues(of: node).first {
            screen.put("  " + issue.message, x: x, y: y, style: issue.severity == .error ? .error : .warning)
        } else if tree.kind(node).isContainer {
            screen.put("  \(state.metrics.childCount(node, in: tree)) children, \(tree.descendantCount(node)) nodes below", x: x, y: y, style: .dimmed)
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

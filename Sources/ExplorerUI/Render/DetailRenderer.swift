import JSONTree

/// The detail pane under the rule: what the cursor is on.
struct DetailRenderer {
    let state: ExplorerState

    func draw(into screen: inout Screen, top y: Int, height: Int) {
        let tree = state.tree
        let node = state.cursor.node
        let location = tree.location(node)
        var x = screen.put(" \(tree.kind(node).name)", x: 0, y: y, style: .plain)
        x = screen.put("  line \(location.line), col \(location.column)", x: x, y: y, style: .dimmed)
        if let issue = tree.issues(of: node).first {
            screen.put("  " + TerminalSafeText.escape(issue.message), x: x, y: y, style: issue.severity == .error ? .error : .warning)
        } else if tree.kind(node).isContainer {
            screen.put("  \(state.metrics.childCount(node, in: tree)) children, \(tree.descendantCount(node)) nodes below", x: x, y: y, style: .dimmed)
        }
    }
}

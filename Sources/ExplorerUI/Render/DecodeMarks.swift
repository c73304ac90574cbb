import DecodingEngine
import JSONTree

/// A decode drawn on the tree: marks in the gutter, the error (or a "decodes, but" warning, or an
/// error the model's own code caught: `⊘`) at the right of its node, ghost rows for missing keys, the decode root labelled.
struct DecodeMarks {
    let state: ExplorerState
    let overlay: DecodeOverlay

    func draw(_ row: Row, y: Int, into screen: inout Screen) {
        guard row.isNode else { return }
        let node = row.node
        let status = overlay.status(of: node)
        // A folded container says how many errors it hides (`]e` still visits each).
        let hidden =
            state.tree.kind(node).isContainer && !state.folds.isExpanded(node)
            ? overlay.errorCount(inside: node, end: state.tree.subtreeEnd(node)) : 0
        if node == overlay.root {
            screen.put("◆", x: 0, y: y, style: .decodeRoot)
        } else if status == .failed || hidden > 0 {
            screen.put("✖", x: 0, y: y, style: .error)
        } else if state.decode.warning(at: node) != nil {
            screen.put("⚠", x: 0, y: y, style: .warning)
        } else if overlay.caughtByNode[node] != nil
            || (state.tree.kind(node).isContainer && !state.folds.isExpanded(node)
                && overlay.caughtCount(inside: node, end: state.tree.subtreeEnd(node)) > 0)
        {
            // Its own, or one a folded container hides.
            screen.put("⊘", x: 0, y: y, style: .warning)
        } else if status == .ignored {
            screen.put("·", x: 0, y: y, style: .dimmed)
        }
        if let (notes, style) = note(row) { screen.putNote(notes, style: style, after: screen.contentEnd(y: y), y: y) }
    }

    /// The note at the right of a row, as fully and as briefly as it can be said (longest
    /// first), and its style; nil for a row with none.
    func note(_ row: Row) -> ([String], Style)? {
        guard row.isNode else { return nil }
        let node = row.node
        let hidden =
            state.tree.kind(node).isContainer && !state.folds.isExpanded(node)
            ? overlay.errorCount(inside: node, end: state.tree.subtreeEnd(node)) : 0
        if hidden > 1 || (hidden == 1 && overlay.error(at: row) == nil) {
            return (["✖ \(hidden) error\(hidden == 1 ? "" : "s") inside"], .error)
        } else if let index = overlay.error(at: row) {
            // A few words; Foundation's whole message is in the detail pane.
            return (ErrorSummary(overlay.report.errors[index], tree: state.tree).notes, .error)
        } else if node == overlay.root {
            let type = TerminalSafeText.escape(state.decode.setup.typeExpression ?? "")
            let verdict = overlay.report.ok ? "  ✓ decodes" : ""
            return (
                ["◆ decoding \(type) here\(verdict)", "◆ \(type)\(verdict)", overlay.report.ok ? "◆ ✓ decodes" : "◆ \(type)"],
                overlay.report.ok ? .success : .decodeRoot
            )
        } else if let warning = state.decode.warning(at: node) {
            return (WarningSummary(warning: warning).notes, .warning)
        } else if let index = overlay.caughtByNode[node] {
            // What the model's code caught here, and what became of the value; the whole in `check`.
            let caught = overlay.report.caught[index]
            let kind = caught.error.kind.rawValue
            return (
                [
                    "⊘ caught by your code: \(kind); \(caught.outcomeText)", "⊘ caught: \(kind); \(caught.outcomeText)",
                    "⊘ caught: \(kind)", "⊘ caught",
                ],
                .warning
            )
        } else if overlay.status(of: node) == .ignored, row == state.cursor {
            return (["(not read by the model)"], .dimmed)
        }
        return nil
    }

    func drawGhost(_ ghost: Int, of node: NodeID, x: Int, y: Int, into screen: inout Screen) {
        let missing = overlay.ghosts(of: node)[ghost]
        screen.put("┄", x: 0, y: y, style: .ghost)
        var column = screen.put("+ ", x: x, y: y, style: .ghost)
        column = TreeRenderer(state: state).drawSafe("\"" + missing.key + "\"", x: column, y: y, style: .ghost, into: &screen)
        if let type = missing.property?.type {
            column = screen.put(": " + type.description, x: column, y: y, style: .ghost)
        }
        let row = Row(node: node, ghost: ghost)
        if overlay.error(at: row) != nil {
            // The key is on the row already: the note says what that means.
            screen.putNote(
                ["missing  keyNotFound: the model requires it", "missing: the model requires it", "missing"], style: .error,
                after: column, y: y)
        } else {
            screen.putNote("missing (required by the model)", style: .ghost, after: column, y: y)
        }
    }
}

import DecodingEngine
import JSONTree

/// A decode drawn on the tree: marks in the gutter, the error at the right of its node,
/// ghost rows for missing keys, the decode root labelled.
struct DecodeMarks {
    let state: ExplorerState
    let overlay: DecodeOverlay

    /// Where notes at the right of a row start: past the content, at least at 55% of the width.
    private func noteColumn(after contentEnd: Int, width: Int) -> Int {
        max(contentEnd + 3, width * 55 / 100)
    }

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
        } else if status == .ignored {
            screen.put("·", x: 0, y: y, style: .dimmed)
        }
        let end = contentEnd(y: y, in: screen)
        if hidden > 1 || (hidden == 1 && overlay.error(at: row) == nil) {
            putNote("✖ \(hidden) error\(hidden == 1 ? "" : "s") inside", style: .error, after: end, y: y, into: &screen)
        } else if let index = overlay.error(at: row) {
            let error = overlay.report.errors[index]
            // A missing key's full message is on its ghost row, inside the object.
            let note =
                error.kind == .keyNotFound && error.key != nil
                ? "keyNotFound: \"\(TerminalSafeText.escape(error.key!))\" is missing"
                : "\(error.kind.rawValue): " + TerminalSafeText.escape(error.debugDescription)
            putNote(note, style: .error, after: end, y: y, into: &screen)
        } else if node == overlay.root {
            let type = TerminalSafeText.escape(state.decode.setup.typeExpression ?? "")
            let verdict = overlay.report.ok ? "  ✓ decodes" : ""
            putNote("◆ decoding \(type) here\(verdict)", style: overlay.report.ok ? .success : .decodeRoot, after: end, y: y, into: &screen)
        } else if status == .ignored, row == state.cursor {
            putNote("(not read by the model)", style: .dimmed, after: end, y: y, into: &screen)
        }
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
        if let index = overlay.error(at: row) {
            let error = overlay.report.errors[index]
            putNote(
                "missing  keyNotFound: " + TerminalSafeText.escape(error.debugDescription), style: .error, after: column, y: y,
                into: &screen)
        } else {
            putNote("missing (required by the model)", style: .ghost, after: column, y: y, into: &screen)
        }
    }

    /// The column after the last non-blank cell of a row.
    private func contentEnd(y: Int, in screen: Screen) -> Int {
        var x = screen.width - 1
        while x >= 0 && screen[x, y] == .blank { x -= 1 }
        return x + 1
    }

    /// A note at the right of a row; where the content runs long, the note covers its end.
    private func putNote(_ text: String, style: Style, after end: Int, y: Int, into screen: inout Screen) {
        let width = screen.width
        // Past the content when it fits; where the content runs long, as far right as the
        // whole note fits, but never left of 55% of the width.
        let x = min(noteColumn(after: end, width: width), max(width * 55 / 100, width - DisplayWidth.of(text) - 1))
        guard x < width - 4 else { return }
        for k in (x - 1)..<width where k >= 0 { screen.put(" ", x: k, y: y, style: .plain) }
        if DisplayWidth.of(text) > width - x - 1 {
            let end = screen.put(text, x: x, y: y, style: style, limit: width - 1)
            screen.put("…", x: min(end, width - 1), y: y, style: .dimmed)
        } else {
            screen.put(text, x: x, y: y, style: style)
        }
    }
}

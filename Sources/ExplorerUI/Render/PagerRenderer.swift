import JSONTree

/// The pager: a title with the node's path, its text wrapped to the screen (escapes in their
/// own style), and a line saying where you are and which keys scroll.
enum PagerRenderer {
    static func draw(_ pager: Pager, state: ExplorerState, into screen: inout Screen) {
        let layout = Layout(width: screen.width, height: screen.height)
        let lines = pager.document.lines(width: Pager.wrapWidth(layout))
        let page = Pager.pageHeight(layout)
        let top = min(pager.top, pager.maxTop(layout))
        screen.fill(row: 0, from: 0, with: " ", style: .header)
        screen.put(" " + TerminalSafeText.escape(pager.document.title), x: 0, y: 0, style: .header)
        let style: Style = state.tree.kind(pager.node) == .string ? .string : .plain
        for (k, line) in lines[top..<min(lines.count, top + page)].enumerated() {
            var x = 1
            for run in line {
                // Runs were made safe when the document was built; escape again all the same.
                x = screen.put(TerminalSafeText.escape(run.text), x: x, y: k + 1, style: run.isEscape ? .escaped : style)
            }
        }
        let last = min(lines.count, top + page)
        let keys = state.keyMap
        let hint =
            "\(keys.keyName(for: .moveDown) ?? "")/\(keys.keyName(for: .moveUp) ?? "") scroll  "
            + "\(keys.keyName(for: .toggleFold) ?? "")/\(keys.keyName(for: .pageUp) ?? "") page  "
            + "\(keys.keyName(for: .first) ?? "")/\(keys.keyName(for: .last) ?? "") ends  "
            + "\(keys.keyName(for: .quit) ?? "Esc") close"
        screen.put(
            " lines \(Count.grouped(top + 1))-\(Count.grouped(last)) of \(Count.grouped(lines.count))   \(hint)",
            x: 0, y: screen.height - 1, style: .hint)
    }
}

import JSONTree

/// Line mode: the payload's own lines between the header and the bottom line, each with its
/// number, `✖` on a line that holds an error, the highlighted line in the cursor's style.
/// Only the lines on screen are read, and only as much of each as fits.
enum LinesRenderer {
    /// Rows of lines on a screen of this size (the header above, the bottom line below).
    static func pageHeight(_ layout: Layout) -> Int { max(1, layout.height - 2) }

    static func draw(_ lines: LineView, state: ExplorerState, into screen: inout Screen, layout: Layout) {
        let tree = state.tree
        let marked = state.errorLines()
        let numberWidth = String(max(1, tree.lineCount)).count
        let tail = TreeRenderer(state: state)
        for k in 0..<pageHeight(layout) {
            let line = lines.top + k
            guard line <= tree.lineCount else { break }
            let y = 1 + k
            if marked.contains(line) { screen.put("✖", x: 0, y: y, style: .error) }
            let number = String(line)
            var x = screen.put(String(repeating: " ", count: numberWidth - number.count) + number, x: 2, y: y, style: .count)
            x += 1
            let bytes = tree.lineBytes(line)
            let shown = bytes.prefix(max(0, screen.width - x) * 4 + 4)
            var text = String(decoding: shown, as: UTF8.self)
            if shown.count < bytes.count { text += "…" }
            tail.drawSafe(text.replacingTabs(), x: x, y: y, style: marked.contains(line) ? .error : .plain, into: &screen)
            if line == lines.current { screen.restyle(row: y, from: 0, as: .cursor) }
        }
    }
}

private extension String {
    /// Tabs as two spaces, as the pager shows them outside strings.
    func replacingTabs() -> String { split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "  ") }
}

import JSONTree

/// Line mode: the payload's own lines between the header and the bottom line, each with its
/// number, `✖` on a line that holds an error, the highlighted line in the cursor's style.
/// Only the lines on screen are read, and only as much of each as fits.
enum LinesRenderer {
    /// Rows of lines on a screen of this size (the header above, the bottom line below).
    static func pageHeight(_ layout: Layout) -> Int { max(1, layout.height - 2) }

    static func draw(_ lines: LineView, state: ExplorerState, into screen: inout Screen, layout: Layout) {
        if let pretty = lines.pretty { return drawPretty(pretty, lines, state: state, into: &screen, layout: layout) }
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

extension LinesRenderer {
    /// A minified payload laid out pretty: each row with the file's `line:col` of its node (or
    /// of its closing bracket), so what the rows show can be found in the file.
    static func drawPretty(_ pretty: PrettyLines, _ lines: LineView, state: ExplorerState, into screen: inout Screen, layout: Layout) {
        let tree = state.tree
        let marked = state.errorLines()
        let shown = (0..<pageHeight(layout)).map { lines.top - 1 + $0 }.filter { $0 < pretty.count }
        let places = shown.map { row -> String in
            let (node, isClose) = pretty.entry(row)
            let location = isClose ? tree.endLocation(node) : tree.location(node)
            return "\(location.line):\(location.column)"
        }
        let placeWidth = places.map(\.count).max() ?? 1
        let tail = TreeRenderer(state: state)
        for (k, row) in shown.enumerated() {
            let y = 1 + k
            let line = row + 1
            if marked.contains(line) { screen.put("✖", x: 0, y: y, style: .error) }
            var x = screen.put(String(repeating: " ", count: placeWidth - places[k].count) + places[k], x: 2, y: y, style: .count)
            x += 1
            tail.drawSafe(
                pretty.text(of: row, in: tree).replacingTabs(), x: x, y: y, style: marked.contains(line) ? .error : .plain, into: &screen)
            if line == lines.current { screen.restyle(row: y, from: 0, as: .cursor) }
        }
    }
}

private extension String {
    /// Tabs as two spaces, as the pager shows them outside strings.
    func replacingTabs() -> String { split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "  ") }
}

import JSONTree

extension ExplorerState {
    /// `m`: into line mode at the cursor's line, or back to the tree at the node on the
    /// highlighted line.
    mutating func toggleLines(viewHeight: Int) {
        if let lines = viewer.lines {
            viewer.lines = nil
            let node = node(onLine: lines.current, in: lines)
            reveal(node)
            cursor = Row(node: node)
            return
        }
        if PrettyLines.suits(tree) {
            let pretty = PrettyLines(tree)
            let line = pretty.row(of: cursor.node, isClose: cursor.isClose, in: tree) + 1
            viewer.lines = LineView(top: max(1, line - 3), current: line, pretty: pretty)
        } else {
            let line = cursor.isClose ? tree.endLocation(cursor.node).line : tree.location(cursor.node).line
            viewer.lines = LineView(top: max(1, line - 3), current: line)
        }
        let marked = errorLines().count
        let shape =
            viewer.lines?.pretty.map {
                "\(Count.grouped(tree.lineCount)) line\(tree.lineCount == 1 ? "" : "s") as \(Count.grouped($0.count)) pretty rows"
            } ?? "\(Count.grouped(tree.lineCount)) line\(tree.lineCount == 1 ? "" : "s")"
        status = StatusMessage(
            "line mode (m goes back to the tree): " + shape + (marked > 0 ? ", \(Count.grouped(marked)) with errors (✖)" : ""))
    }

    /// Keys in line mode: the tree's moving keys move the highlighted line, `]e` / `[e` go to
    /// the next / previous marked line; `m`, Esc leave.
    func lineModeActions(for key: Key, keyMap: KeyMap) -> [Action] {
        let typed = pendingKeys + [key]
        switch keyMap.match(typed) {
        case .prefix:
            return [.typing(pending: typed, count: nil)]
        case .unbound:
            return endsTyping + (key == .escape ? [.toggleLines] : [])
        case .action(let bound):
            return endsTyping + lineModeActions(for: bound)
        }
    }

    /// What a bound action does in line mode.
    private func lineModeActions(for action: Action) -> [Action] {
        switch action {
        case .moveDown: return [.scrollOverlay(.lines(1))]
        case .moveUp: return [.scrollOverlay(.lines(-1))]
        case .pageDown: return [.scrollOverlay(.pages(1))]
        case .pageUp: return [.scrollOverlay(.pages(-1))]
        case .halfPageDown: return [.scrollOverlay(.halfPages(1))]
        case .halfPageUp: return [.scrollOverlay(.halfPages(-1))]
        case .first: return [.scrollOverlay(.top)]
        case .last: return [.scrollOverlay(.bottom)]
        case .nextError, .previousError:
            // To the next (or previous) marked line, wrapping around.
            guard let current = viewer.lines?.current else { return [] }
            let marked = errorLines().sorted()
            let forward = action == .nextError
            guard
                let target = forward
                    ? (marked.first { $0 > current } ?? marked.first)
                    : (marked.last { $0 < current } ?? marked.last)
            else { return [] }
            return [.scrollOverlay(.lines(target - current))]
        case .cancel, .toggleLines: return [.toggleLines]
        case .quit, .backToList, .showHelp, .suspend, .redraw, .openEditor: return [action]
        default: return []
        }
    }

    /// Moves the highlighted line, and the view with it.
    mutating func scrollLines(_ move: ScrollMove) {
        guard var lines = viewer.lines else { return }
        let height = LinesRenderer.pageHeight(viewport)
        let last = max(1, lines.pretty?.count ?? tree.lineCount)
        lines.current = move.apply(to: lines.current - 1, pageHeight: height, maxTop: last - 1) + 1
        if lines.current < lines.top { lines.top = lines.current }
        if lines.current >= lines.top + height { lines.top = lines.current - height + 1 }
        viewer.lines = lines
    }

    /// The lines where a decoding error or a payload issue is, for the marks in line mode (the
    /// pretty rows of their nodes, when the payload is laid out pretty).
    func errorLines() -> Set<Int> {
        if let pretty = viewer.lines?.pretty {
            var rows = Set(tree.issues.filter { $0.severity == .error }.map { pretty.row(ofOffset: $0.location.offset, in: tree) + 1 })
            if let stop = tree.structureError { rows.insert(pretty.row(ofOffset: stop.location.offset, in: tree) + 1) }
            for stop in decode.overlay?.stops ?? [] { rows.insert(pretty.row(of: stop.row.node, in: tree) + 1) }
            return rows
        }
        var lines = Set(tree.issues.filter { $0.severity == .error }.map(\.location.line))
        if let stop = tree.structureError { lines.insert(stop.location.line) }
        for stop in decode.overlay?.stops ?? [] { lines.insert(tree.location(stop.row.node).line) }
        return lines
    }

    /// The node on a line of line mode: a pretty row's own node, else the file line's.
    func node(onLine line: Int, in view: LineView?) -> NodeID {
        guard let pretty = view?.pretty else { return node(onLine: line) }
        return pretty.entry(min(max(0, line - 1), pretty.count - 1)).node
    }

    /// The first node that starts on a line, else the innermost one that spans it.
    func node(onLine line: Int) -> NodeID {
        let start = tree.lineBytes(line).startIndex
        // Nodes start in document order: the first that starts at or after the line.
        var low = 0
        var high = tree.nodeCount
        while low < high {
            let mid = (low + high) / 2
            if tree.byteRange(mid).lowerBound < start { low = mid + 1 } else { high = mid }
        }
        if low < tree.nodeCount, tree.location(low).line == line { return low }
        // A closing bracket, or a string running over lines: the node before, or its container.
        var node = max(0, low - 1)
        while tree.byteRange(node).upperBound <= start, let parent = tree.parent(node) { node = parent }
        return node
    }
}

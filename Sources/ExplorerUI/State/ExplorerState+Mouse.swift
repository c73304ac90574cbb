import JSONTree

extension ExplorerState {
    /// Rows the mouse wheel moves at a time.
    static let wheelRows = 3

    /// What a mouse event does: the wheel scrolls (the tree, the pager or the help); a click on
    /// a tree row moves the cursor there; a click on a fold marker, or a double click, folds
    /// or unfolds. Screen rows map to tree rows through ``viewport`` and a walk from ``top``.
    func mouseActions(for event: MouseEvent) -> [Action] {
        let wheel = event.kind == .wheelUp ? -Self.wheelRows : event.kind == .wheelDown ? Self.wheelRows : 0
        switch mode {
        case .pager, .help:
            return wheel == 0 ? [] : [.scrollOverlay(.lines(wheel))]
        case .prompt, .options, .fixes:
            return []
        case .scenarios:
            return wheel == 0 ? [] : [.scenarios(.scrollAbout(wheel))]
        case .stepping:
            return wheel == 0 ? [] : [.step(.by(wheel > 0 ? 1 : -1))]
        case .browse where viewer.lines != nil:
            // Line mode: the wheel moves the highlighted line; clicks do nothing there.
            return wheel == 0 ? [] : [.scrollOverlay(.lines(wheel))]
        case .browse:
            if wheel != 0 { return [.scrollView(wheel)] }
            guard let row = row(atScreenLine: event.y) else { return [] }
            let marker = (decode.overlay == nil ? 0 : 2) + 2 * tree.depth(row.node)
            let onMarker = row.isNode && tree.kind(row.node).isContainer && (marker...marker + 1).contains(event.x)
            if event.kind == .doubleClick || onMarker {
                return row.isNode ? [.select(row), .toggleFold] : [.select(Row(node: row.node)), .toggleFold]
            }
            return [.select(row)]
        }
    }

    /// The tree row drawn on a screen line, if any.
    func row(atScreenLine y: Int) -> Row? {
        let layout = viewport
        guard !layout.isTooSmall, y >= layout.treeTop, y < layout.treeTop + layout.treeHeight else { return nil }
        if viewer.wrapsStrings { return wrappedRow(atOffset: y - layout.treeTop) }
        let walker = self.walker
        var row = top
        for _ in 0..<(y - layout.treeTop) {
            guard let next = walker.next(row) else { return nil }
            row = next
        }
        return row
    }

    /// Moves the view by `rows` (the wheel), keeping the cursor on screen: it moves only when
    /// the view leaves it behind. The view stops when the last row reaches the bottom.
    mutating func scrollView(by rows: Int, viewHeight: Int) {
        let walker = self.walker
        let margin = min(3, max(0, (viewHeight - 1) / 2))
        for _ in 0..<abs(rows) {
            if rows > 0 {
                // Only while a full screen of rows lies below the new top.
                guard walker.move(top, by: viewHeight) != walker.move(top, by: viewHeight - 1),
                    let next = walker.next(top)
                else { break }
                top = next
            } else {
                guard let previous = walker.previous(top) else { break }
                top = previous
            }
        }
        // The cursor's line on screen now, if it is still on screen.
        var row = top
        var offset = 0
        while row != cursor && offset < viewHeight, let next = walker.next(row) {
            row = next
            offset += 1
        }
        let low = top == Row(node: tree.root) ? 0 : margin
        let high = viewHeight - 1 - margin
        if row != cursor || offset >= viewHeight {
            cursor = walker.move(top, by: rows > 0 ? low : high)
        } else if offset < low {
            cursor = walker.move(top, by: low)
        } else if offset > high {
            cursor = walker.move(top, by: high)
        }
    }
}

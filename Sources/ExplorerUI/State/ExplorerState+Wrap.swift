extension ExplorerState {
    /// With `w` on, rows above the cursor may take several lines: moves the top down until
    /// the cursor's last line is on screen. Walks at most a screen of rows.
    mutating func keepWrappedCursorVisible(viewHeight: Int) {
        guard viewer.wrapsStrings else { return }
        let walker = self.walker
        let renderer = TreeRenderer(state: self)
        let width = viewport.width
        var heights: [Int] = []
        var row = top
        while true {
            heights.append(renderer.rowHeight(row, width: width, limit: viewHeight))
            if row == cursor || heights.count > viewHeight { break }
            guard let next = walker.next(row) else { break }
            row = next
        }
        guard row == cursor else { return }
        var used = heights.reduce(0, +)
        var k = 0
        while used > viewHeight, top != cursor, let next = walker.next(top) {
            used -= heights[k]
            k += 1
            top = next
        }
    }

    /// The row whose lines include screen line `offset` below the top (wrapped rows count
    /// every line they take).
    func wrappedRow(atOffset offset: Int) -> Row? {
        let walker = self.walker
        let renderer = TreeRenderer(state: self)
        var row = top
        var line = 0
        while true {
            line += renderer.rowHeight(row, width: viewport.width, limit: viewport.treeHeight - line)
            if line > offset { return row }
            guard let next = walker.next(row) else { return nil }
            row = next
        }
    }
}

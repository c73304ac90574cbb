extension ExplorerState {
    /// `}` / `{`: scroll the detail pane over what it explains, within its lines.
    mutating func scrollDetail(_ move: ScrollMove) {
        let renderer = DetailRenderer(state: self)
        let count = renderer.lines(width: viewport.width).count
        let room = viewport.detailHeight
        let offset = move.apply(to: viewer.paneOffset(renderer.anchor), pageHeight: room, maxTop: count - room)
        viewer.paneScroll = PaneScroll(anchor: renderer.anchor, offset: offset)
    }

    /// Scroll the highlighted fix's explanation, code and diff in the fixes view.
    mutating func scrollFix(_ move: ScrollMove) {
        guard case .fixes(let error, let selection, _) = mode else { return }
        let renderer = FixesRenderer(state: self, error: error, selection: selection, confirming: false)
        let count = renderer.detailLines(width: viewport.width, costInList: renderer.costRows(viewport)).count
        let room = renderer.detailRoom(viewport)
        let anchor = PaneScroll.Anchor.fix(error: error, selection: selection)
        let offset = move.apply(to: viewer.paneOffset(anchor), pageHeight: room, maxTop: count - room)
        viewer.paneScroll = PaneScroll(anchor: anchor, offset: offset)
    }
}

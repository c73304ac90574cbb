import JSONTree

extension ExplorerState {
    /// `p`: shows the cursor's node whole in the pager.
    mutating func openPager() {
        mode = .pager(Pager(node: cursor.node, tree: tree, path: cursorPath))
    }

    /// Scrolls the pager or the help screen, whichever is open.
    mutating func scrollOverlay(_ move: ScrollMove) {
        switch mode {
        case .pager(var pager):
            pager.top = move.apply(to: pager.top, pageHeight: Pager.pageHeight(viewport), maxTop: pager.maxTop(viewport))
            mode = .pager(pager)
        case .help:
            let lines = HelpRenderer.lines(keyMap: keyMap).count
            let page = HelpRenderer.pageHeight(viewport)
            helpTop = move.apply(to: helpTop, pageHeight: page, maxTop: lines - page)
        default:
            scrollLines(move)
        }
    }

    /// What a key does while the pager or the help is open: the movement keys scroll (space
    /// pages down, as in `less`); quit, Esc and the key that opened it close it. In the help,
    /// any other key closes it too; in the pager it does nothing.
    func overlayActions(for key: Key, keyMap: KeyMap) -> [Action] {
        let isHelp = mode == .help
        guard case .action(let action) = keyMap.match([key]) else {
            if key == .escape { return [.cancel] }
            return isHelp ? [.cancel] : []
        }
        switch action {
        case .moveDown: return [.scrollOverlay(.lines(1))]
        case .moveUp: return [.scrollOverlay(.lines(-1))]
        case .pageDown, .toggleFold: return [.scrollOverlay(.pages(1))]
        case .pageUp: return [.scrollOverlay(.pages(-1))]
        case .halfPageDown: return [.scrollOverlay(.halfPages(1))]
        case .halfPageUp: return [.scrollOverlay(.halfPages(-1))]
        case .first: return [.scrollOverlay(.top)]
        case .last: return [.scrollOverlay(.bottom)]
        case .suspend, .redraw: return [action]
        case .quit, .cancel, .openPager, .showHelp: return [.cancel]
        default: return isHelp ? [.cancel] : []
        }
    }
}

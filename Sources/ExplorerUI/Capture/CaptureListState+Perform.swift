/// The capture list's one reducer: every change to ``CaptureListState`` goes through here.
extension CaptureListState {
    @discardableResult
    public mutating func perform(_ action: CaptureListAction) -> [CaptureListEffect] {
        switch action {
        case .layout(let width, let height):
            setSize(width: width, height: height)
            return []
        case .verdict(let outcome, let generation):
            setMark(outcome, generation: generation)
            return []
        case .compiling(let start, let generation):
            noteCompiling(start, generation: generation)
            return []
        case .restarted(let rows, let generation):
            restart(rows: rows, generation: generation)
            return []
        case .stopped(let reason, let generation):
            stop(reason: reason, generation: generation)
            return []
        case .say(let message):
            status = message
            return []
        case .filterKey(let key):
            return filterKey(key)
        default:
            break
        }
        // A key: the bottom line's message has been read.
        status = nil
        switch action {
        case .moveDown: moveCursor(to: cursor + 1)
        case .moveUp: moveCursor(to: cursor - 1)
        case .pageDown: moveCursor(to: cursor + max(1, listHeight))
        case .pageUp: moveCursor(to: cursor - max(1, listHeight))
        case .first: moveCursor(to: 0)
        case .last: moveCursor(to: shown.count - 1)
        case .nextFailing: jumpToFailing(forward: true)
        case .previousFailing: jumpToFailing(forward: false)
        case .openFilter: setPrompt(Prompt(.search, text: filter))
        case .open:
            guard let row = selected else { return [] }
            guard row.rule != nil else {
                status = StatusMessage("entry \(row.index) has nothing to decode: \(CaptureListRenderer.markWords(row.mark))")
                return []
            }
            return [.open(row.index)]
        case .cancel:
            if !filter.isEmpty { applyFilter("") }
        case .quit: return [.quit]
        case .redraw: return [.redraw]
        default: break
        }
        return []
    }

    /// `]f` / `[f`: the nearest failing entry among those shown, wrapping around the list; a word
    /// on the bottom line when none fails (yet).
    private mutating func jumpToFailing(forward: Bool) {
        guard !shown.isEmpty else { return }
        let count = shown.count
        for step in 1...count {
            let position = ((cursor + (forward ? step : -step)) % count + count) % count
            if rows[shown[position]].isFailing {
                if forward ? position <= cursor : position >= cursor { status = StatusMessage("search wrapped") }
                moveCursor(to: position)
                return
            }
        }
        status = StatusMessage(isChecking ? "no failing entry yet (still checking)" : "no entry fails")
    }

    /// A key typed into the filter: line editing filters as it goes; Enter keeps the filter, Esc
    /// puts back the one before.
    private mutating func filterKey(_ key: Key) -> [CaptureListEffect] {
        guard var prompt else { return [] }
        switch key {
        case .enter:
            setPrompt(nil)
            if shown.isEmpty { status = StatusMessage("no URL contains \"\(prompt.text)\"", tone: .error) }
        case .escape, .control("c"):
            setPrompt(nil)
            applyFilter(filterBefore)
        default:
            guard prompt.edit(with: key) else { return [] }
            setPrompt(prompt)
            applyFilter(prompt.text)
        }
        return []
    }
}

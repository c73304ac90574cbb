import JSONTree

extension ExplorerState {
    /// Whether an action is a jump (it may land far away, or it changes the decode root), so
    /// the place it left goes into the history for Ctrl-o.
    static func isJump(_ action: Action) -> Bool {
        switch action {
        case .submitPrompt, .nextMatch, .previousMatch, .continueSearch, .nextError, .previousError, .nextCaught, .previousCaught,
            .select, .first, .last, .matchingBracket, .decodeHere:
            true
        default:
            false
        }
    }

    /// Records where a jump left from, and says so when Enter moved the decode root.
    mutating func noteJump(_ action: Action, from departure: JumpHistory.Place) {
        guard Self.isJump(action) else { return }
        // Enter moved the root only if a decode started there (with no model or no type it
        // did not, and the status line says why: keep that).
        let rootMoved = departure.root != decode.root && decode.isRunning
        guard departure.row != cursor || rootMoved else { return }
        viewer.jumps.record(departure)
        if case .decodeHere = action, rootMoved, let root = decode.root {
            let was = departure.root.map { path(of: $0).description } ?? path(of: tree.root).description
            let back = keyMap.keyName(for: .jumpBack).map { "; \($0) goes back" } ?? ""
            status = StatusMessage(
                "decode root is now \(TerminalSafeText.escape(path(of: root).description)) (was \(TerminalSafeText.escape(was)))\(back)")
        }
    }

    /// Ctrl-o / Ctrl-n: goes to the place before (or after) in the jump history, with the
    /// decode root it had: a root changed by Enter is put back and decoded again.
    mutating func jump(back: Bool) -> [Effect] {
        let here = JumpHistory.Place(row: cursor, root: decode.root)
        guard let place = back ? viewer.jumps.back(from: here) : viewer.jumps.forward() else {
            status = StatusMessage(back ? "no earlier place to go back to" : "no later place to go forward to")
            return []
        }
        let node = min(place.row.node, tree.nodeCount - 1)
        reveal(node)
        var row = place.row
        if row.node != node || (row.isClose && !walker.isOpen(node)) { row = Row(node: node) }
        if let ghost = row.ghost, ghost >= (decode.overlay?.ghostCounts[node] ?? 0) { row = Row(node: node) }
        cursor = row
        guard place.root != decode.root else { return [] }
        decode.root = place.root
        guard let root = place.root else {
            // Back before the first Enter: nothing was decoded at a chosen root.
            let effects = decode.isRunning ? [Effect.cancelDecode] : []
            decode.phase = .idle
            decode.overlay = nil
            decode.lessons = nil
            status = StatusMessage("decode undone: back to before the first Enter")
            return effects
        }
        let effects = requestDecode()
        if decode.isRunning {
            status = StatusMessage("decode root back to \(TerminalSafeText.escape(path(of: root).description))")
        }
        return effects
    }
}

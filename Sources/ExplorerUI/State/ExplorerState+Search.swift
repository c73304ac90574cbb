import JSONTree

extension ExplorerState {
    /// How many nodes one slice of a search scan looks at before the screen gets a turn (keys
    /// are read between slices, so Esc stops a long search on a huge payload): about 20 ms in a
    /// release build. A count, not a clock, so the reducer does the same on every machine.
    public static let standardSearchSliceNodes = 262_144

    /// `/pattern` Enter: compiles the pattern and jumps to the first match after the cursor.
    /// An empty pattern repeats the last search.
    mutating func submitSearch(_ text: String, viewHeight: Int) -> [Effect] {
        let source = text.isEmpty ? (search?.pattern.source ?? "") : text
        guard !source.isEmpty else { return [] }
        if search?.pattern.source != source {
            let pattern: SearchPattern
            do {
                pattern = try SearchPattern(source)
            } catch {
                status = StatusMessage(error.message, tone: .error)
                return []
            }
            search = SearchState(pattern: pattern, nodeCount: tree.nodeCount, origin: cursor.node)
        }
        return jumpToMatch(forward: !viewer.searchesBackward, viewHeight: viewHeight)
    }

    /// `n` / `N`: the next or previous match, wrapping around the document.
    mutating func jumpToMatch(forward: Bool, viewHeight: Int) -> [Effect] {
        guard search != nil else {
            status = StatusMessage("no search yet: / searches keys and values", tone: .error)
            return []
        }
        search?.pendingJump = SearchState.PendingJump(forward: forward, from: cursor.node)
        search?.isHighlighted = true
        return continueSearch(viewHeight: viewHeight)
    }

    /// Lands a waiting jump as soon as the scan knows its target, then counts matches with
    /// what is left of the slice; the status line shows the count once it is complete.
    mutating func continueSearch(viewHeight: Int) -> [Effect] {
        guard var search else { return [] }
        defer { self.search = search }
        if let jump = search.pendingJump, jump.from != cursor.node {
            // The cursor moved while the scan ran: the user has gone elsewhere.
            search.pendingJump = nil
        }
        let wasComplete = search.isComplete
        var budget = searchSliceNodes
        var landed = false
        // A jump scans only as far as its target.
        while let jump = search.pendingJump {
            if land(&search, jump: jump, viewHeight: viewHeight) { landed = true; break }
            guard budget > 0 else { break }
            budget -= search.scanSlice(tree: tree, budget: budget, stopAtMatch: jump.forward)
        }
        if search.pendingJump != nil {
            status = StatusMessage("searching /\(search.pattern.source)/ … \(search.percentScanned)%  (Esc stops)")
            search.lastStatus = status
            return []
        }
        // Counting, in the rest of the slice.
        if !search.isComplete && budget > 0 { search.scanSlice(tree: tree, budget: budget) }
        if search.isComplete && (landed || !wasComplete), let status, status == search.lastStatus, let last = search.lastLanding {
            self.status = Self.matchStatus(search, at: last.node, wrapped: last.wrapped)
            search.lastStatus = self.status
        }
        return []
    }

    /// Esc: gives up a jump that waits for a long scan (the count goes on quietly), else
    /// hides the matches' highlighting until the next `n`, `N` or search.
    mutating func stopSearch() {
        guard search?.pendingJump != nil else {
            search?.isHighlighted = false
            return
        }
        search?.pendingJump = nil
        status = StatusMessage("search stopped")
    }

    /// Moves to the jump's target if the scan knows it; says so when there is no match at all.
    private mutating func land(_ search: inout SearchState, jump: SearchState.PendingJump, viewHeight: Int) -> Bool {
        switch search.target(from: jump.from, forward: jump.forward) {
        case .unknown:
            return false
        case .none:
            search.pendingJump = nil
            search.lastLanding = nil
            status = StatusMessage("no match for /\(search.pattern.source)/", tone: .error)
        case let .match(node, wrapped):
            search.pendingJump = nil
            search.lastLanding = SearchState.Landing(node: node, wrapped: wrapped ? (jump.forward ? "top" : "bottom") : nil)
            self.search = search
            select(revealing: node)
            status = Self.matchStatus(search, at: node, wrapped: search.lastLanding?.wrapped)
        }
        search.lastStatus = status
        return true
    }

    /// "/price: match 3 of 1,204" (or "counting…" while the scan goes on).
    private static func matchStatus(_ search: SearchState, at node: NodeID, wrapped: String?) -> StatusMessage {
        var text = "/\(search.pattern.source)/  "
        if let (number, total) = search.ordinal(of: node) {
            text += "match \(Count.grouped(number)) of \(Count.grouped(total))"
        } else {
            text += "match (counting… \(search.percentScanned)%)"
        }
        if let wrapped { text += "  (wrapped to the \(wrapped))" }
        return StatusMessage(text)
    }

    /// Whether the screen should show this node's key or value as a match.
    func searchHighlights(_ node: NodeID) -> (key: Bool, value: Bool) {
        guard let search, search.isHighlighted else { return (false, false) }
        let matcher = NodeMatcher(tree: tree, pattern: search.pattern)
        return (matcher.keyMatches(node), matcher.valueMatches(node))
    }
}

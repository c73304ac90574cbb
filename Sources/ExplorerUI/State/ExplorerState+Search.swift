import JSONTree

extension ExplorerState {
    /// How long one slice of a search scan may run before the screen gets a turn (keys are
    /// read between slices, so Esc stops a long search on a huge payload).
    static let searchSlice: Duration = .milliseconds(30)

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
            search = SearchState(pattern: pattern, nodeCount: tree.nodeCount, origin: cursor.node + 1)
        }
        return jumpToMatch(forward: true, viewHeight: viewHeight)
    }

    /// `n` / `N`: the next or previous match, wrapping around the document.
    mutating func jumpToMatch(forward: Bool, viewHeight: Int) -> [Effect] {
        guard search != nil else {
            status = StatusMessage("no search yet: / searches keys and values", tone: .error)
            return []
        }
        search?.pendingJump = SearchState.PendingJump(forward: forward, from: cursor.node)
        return continueSearch(viewHeight: viewHeight)
    }

    /// Lands a waiting jump if the scan knows its target, else scans one more slice; when the
    /// count completes, the status line shows it.
    mutating func continueSearch(viewHeight: Int) -> [Effect] {
        guard var search else { return [] }
        defer { self.search = search }
        if let jump = search.pendingJump, jump.from != cursor.node {
            // The cursor moved while the scan ran: the user has gone elsewhere.
            search.pendingJump = nil
        }
        let wasComplete = search.isComplete
        if let jump = search.pendingJump, land(&search, jump: jump, viewHeight: viewHeight) { return [] }
        search.scanSlice(tree: tree, until: .now + Self.searchSlice)
        if let jump = search.pendingJump {
            if !land(&search, jump: jump, viewHeight: viewHeight) {
                let message = "searching /\(search.pattern.source)/ … \(search.percentScanned)%  (Esc stops)"
                status = StatusMessage(message)
                search.lastStatus = status
            }
        } else if search.isComplete && !wasComplete, status != nil, status == search.lastStatus {
            status = Self.matchStatus(search, at: cursor.node, wrapped: nil)
            search.lastStatus = status
        }
        return []
    }

    /// Esc while a jump waits for a long scan: give up the jump (the count goes on quietly).
    mutating func stopSearchJump() {
        guard search?.pendingJump != nil else { return }
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
            status = StatusMessage("no match for /\(search.pattern.source)/", tone: .error)
        case let .match(node, wrapped):
            search.pendingJump = nil
            self.search = search
            perform(.reveal(node), viewHeight: viewHeight)
            status = Self.matchStatus(search, at: node, wrapped: wrapped ? (jump.forward ? "top" : "bottom") : nil)
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
        guard let search else { return (false, false) }
        let matcher = NodeMatcher(tree: tree, pattern: search.pattern)
        return (matcher.keyMatches(node), matcher.valueMatches(node))
    }
}

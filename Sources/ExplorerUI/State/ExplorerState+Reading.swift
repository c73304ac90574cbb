import JSONTree

/// A large payload opens on its prefix's tree (``JSONTree/isPrefix``) while the rest is read, as
/// `less` shows a file's first screen at once: moving and folding work on what is read; what needs
/// the whole payload waits for it (a decode, asked for or at start) or says why not yet (a search,
/// a copy, `G`, the editor). The whole tree then takes the prefix's place under the same node IDs,
/// so the cursor, the view and the folds stay where they are (DECISIONS.md, "A large payload opens
/// on its first megabyte").
extension ExplorerState {
    /// What `action` does while only the prefix is read, when it waits for the whole payload: held
    /// to be performed when that comes (a decode, a reload of the payload), or refused with a word on
    /// the bottom line. Nil: it is performed as at any time.
    mutating func whileReading(_ action: Action) -> [Effect]? {
        switch action {
        case .redecode, .decodeHere:
            heldWhileReading.append(action)
            if case .decodeHere = action { status = StatusMessage("decodes once the whole payload is read") }
            return []
        case .reload(payload: true, let models):
            // The payload is read again once the whole of it is in; the models now.
            heldWhileReading.append(.reload(payload: true, models: false))
            return models ? perform(.reload(payload: false, models: true)) : []
        case .last, .openPrompt, .submitPrompt, .nextMatch, .previousMatch, .continueSearch, .copy, .openPager,
            .openEditor, .inferModel, .openStepping, .openFixes, .openOptions, .changeOption, .toggleAllErrors,
            .toggleLines, .nextError, .previousError, .nextCaught, .previousCaught, .matchingBracket, .unfoldAllBelow, .foldToLevel:
            status = StatusMessage(
                "still reading \(ByteCount.format(tree.payloadByteCount)): that needs the whole payload, a moment", tone: .info)
            return []
        default:
            return nil
        }
    }

    /// The whole payload's tree in place of its prefix's; what waited for it is done now.
    mutating func completeTree(_ whole: JSONTree) -> [Effect] {
        guard tree.isPrefix else { return [] }
        let prefix = tree
        // The file was rewritten between the two reads: not the same nodes, so it is a reload.
        guard whole.nodeCount >= prefix.nodeCount, whole.text.starts(with: prefix.text) else {
            return replaceTree(whole, bytes: whole.payloadByteCount) + performHeld()
        }
        tree = whole
        metrics = TreeMetrics()
        folds = folds.grown(to: whole.nodeCount)
        // The root's children still being read were left folded: open them now as on arrival.
        for child in prefix.children(prefix.root) where prefix.isCut(child) && opensOnArrival(child) {
            folds.setExpanded(child, true)
        }
        if let error = whole.structureError {
            status = Self.notJSON(error)
        } else if status?.tone == .info {
            status = nil
        }
        return performHeld()
    }

    private mutating func performHeld() -> [Effect] {
        let held = heldWhileReading
        heldWhileReading = []
        return held.flatMap { perform($0) }
    }
}

import JSONTree

extension ExplorerState {
    /// The one reducer: applies an action, keeps the cursor on screen, and returns what the
    /// run loop must do in the world. The screen's size is the state's own ``viewport``
    /// (``Action/layout(_:)``), its one source.
    @discardableResult
    public mutating func perform(_ action: Action) -> [Effect] {
        let viewHeight = viewport.treeHeight
        let walker = self.walker
        var effects: [Effect] = []
        let departure = JumpHistory.Place(row: cursor, root: decode.root)
        if tree.isPrefix, let held = whileReading(action) { return held }
        switch action {
        case .moveDown: cursor = walker.next(cursor) ?? cursor
        case .moveUp: cursor = walker.previous(cursor) ?? cursor
        case .moveRows(let count): cursor = walker.move(cursor, by: count)
        case .pageDown: cursor = walker.move(cursor, by: max(1, viewHeight - 1))
        case .pageUp: cursor = walker.move(cursor, by: -max(1, viewHeight - 1))
        case .halfPageDown: cursor = walker.move(cursor, by: max(1, viewHeight / 2))
        case .halfPageUp: cursor = walker.move(cursor, by: -max(1, viewHeight / 2))
        case .first: cursor = Row(node: tree.root)
        case .last: cursor = walker.lastRow
        case .nextSibling:
            if let next = tree.nextSibling(cursor.node) { cursor = Row(node: next) }
        case .previousSibling:
            if let previous = walker.previousSibling(cursor.node) { cursor = Row(node: previous) }
        case .foldOrParent:
            if walker.isOpen(cursor.node) {
                folds.setExpanded(cursor.node, false)
                cursor = Row(node: cursor.node)
            } else if let parent = tree.parent(cursor.node) {
                cursor = Row(node: parent)
            }
        case .unfoldOrChild:
            if tree.kind(cursor.node).isContainer && !folds.isExpanded(cursor.node) {
                folds.setExpanded(cursor.node, true)
            } else if cursor.isNode, let child = tree.firstChild(cursor.node) {
                cursor = Row(node: child)
            }
        case .toggleFold:
            guard tree.kind(cursor.node).isContainer else { break }
            folds.setExpanded(cursor.node, !folds.isExpanded(cursor.node))
            cursor = Row(node: cursor.node)
        case .unfoldAllBelow:
            let subtree = cursor.node..<tree.subtreeEnd(cursor.node)
            folds.setContainers(in: subtree, containers: metrics.containerBits(covering: subtree, in: tree), expanded: true)
        case .foldAllBelow:
            let subtree = cursor.node..<tree.subtreeEnd(cursor.node)
            folds.setContainers(in: subtree, containers: metrics.containerBits(covering: subtree, in: tree), expanded: false)
            cursor = Row(node: cursor.node)
        case .reveal(let node):
            select(revealing: node)
        case .layout(let layout):
            viewport = layout
        case .revealClose(let node):
            guard node >= 0 && node < tree.nodeCount, tree.kind(node).isContainer else { break }
            var n = node
            folds.setExpanded(n, true)
            while let p = tree.parent(n) { folds.setExpanded(p, true); n = p }
            cursor = Row(node: node, isClose: true)
        case .typing(let pending, let count):
            pendingKeys = pending
            viewer.pendingCount = count
        case .editPrompt(let prompt):
            if case .prompt = mode { mode = .prompt(prompt) }
        case .clearStatus:
            status = nil
        case .quit:
            effects.append(.quit)
        case .backToList:
            if captureEntry != nil {
                effects.append(.backToList)
            } else {
                status = StatusMessage("this payload was not opened from a capture list")
            }
        case .showHelp:
            viewer.lines = nil
            mode = .help
            helpTop = 0
        case .cancel:
            // Esc stops what runs: a decode, a read of the model files; else the search.
            if mode == .browse, decode.isRunning || decode.modelsReading {
                if decode.isRunning { effects += cancelDecode() }
                if decode.modelsReading { effects += cancelModelRead() }
            } else if mode == .browse {
                stopSearch()
            }
            mode = .browse
        case .openPrompt(let purpose):
            mode = .prompt(Prompt(purpose))
        case .movePromptSelection(let delta):
            if case .prompt(var prompt) = mode {
                prompt.selection = max(0, prompt.selection + delta)
                mode = .prompt(prompt)
            }
        case .submitPrompt(let prompt):
            mode = .browse
            effects += submit(prompt, viewHeight: viewHeight)
        case .decodeHere:
            effects += decodeHere()
        case .redecode:
            effects += requestDecode()
        case .decodeFinished(let id, let outcome):
            finishDecode(id: id, outcome: outcome)
        case .decodeProgress(let id, let milliseconds):
            if case .running(let request) = decode.phase, request.id == id { decode.elapsedMilliseconds = milliseconds }
        case .decodeNote(let id, let note):
            noteDecode(id: id, note)
        case .valueAnswered(let query, let answer):
            receiveNodeValue(query: query, answer)
        case .nextError:
            jumpToError(forward: true)
        case .previousError:
            jumpToError(forward: false)
        case .nextCaught:
            jumpToCaught(forward: true)
        case .previousCaught:
            jumpToCaught(forward: false)
        case .cycleDetail:
            detail = detail.next
        case .foldValue(let levels):
            foldValue(by: levels)
        case .scrollDetail(let move):
            scrollDetail(move)
        case .lessonsFinished(let id, let lessons):
            if id == decode.lessonsRequestID {
                decode.lessons = lessons
                decode.lessonsPending = false
            }
        case .notice(let text, let isError):
            status = StatusMessage(text, tone: isError ? .error : .info)
        case .inferModel:
            effects += inferModel()
        case .modelInferred(let path, let rootType, let keys, let dates):
            effects += useInferredModel(path: path, rootType: rootType, keys: keys, dates: dates)
        case .openFixes:
            openFixes()
        case .fixes(let move):
            effects += moveInFixes(move)
        case .fixWritten(let message, let failed, let setting):
            effects += fixWritten(message: message, failed: failed, setting: setting)
        case .openStepping:
            effects += openStepping()
        case .step(let move):
            step(move)
        case .toggleAllErrors:
            effects += toggleAllErrors()
        case .openOptions:
            mode = .options(selection: 0)
        case .changeOption(let change):
            effects += apply(change)
        case .reload(let payload, let models):
            effects.append(.reload(payload: payload, models: models))
        case .payloadReloaded(let loaded):
            effects += replaceTree(loaded.value.tree, bytes: loaded.value.byteCount)
        case .wholePayloadRead(let loaded):
            effects += completeTree(loaded.value.tree)
        case .payloadUnreadable(let message):
            status = StatusMessage(message, tone: .error)
            staleBecause = message
        case .modelsReadStarted:
            decode.modelsReading = true
        case .modelsReloaded(let loaded):
            decode.modelsReading = false
            effects += replaceModels(loaded.value)
        case .typeChecked(let expression, let problem):
            effects += typeChecked(expression, problem: problem)
        case .nextMatch: effects += jumpToMatch(forward: !viewer.searchesBackward, viewHeight: viewHeight)
        case .previousMatch: effects += jumpToMatch(forward: viewer.searchesBackward, viewHeight: viewHeight)
        case .continueSearch: effects += continueSearch(viewHeight: viewHeight)
        case .copy(let format): effects += copy(format)
        case .openPager: openPager()
        case .scrollOverlay(let move): scrollOverlay(move)
        case .scrollView(let rows): scrollView(by: rows, viewHeight: viewHeight)
        case .select(let row): cursor = row
        case .suspend: effects.append(.suspend)
        case .redraw: effects.append(.redraw)
        case .foldToLevel(let level): foldToLevel(level)
        case .foldSiblings: setSiblingFolds(expanded: false)
        case .unfoldSiblings: setSiblingFolds(expanded: true)
        case .matchingBracket: moveToMatchingBracket()
        case .jumpBack: effects += jump(back: true)
        case .jumpForward: effects += jump(back: false)
        case .toggleWrap: toggleWrap()
        case .openEditor(let whole): effects += openEditor(wholePayload: whole)
        case .copied(let via, let failed): noteCopied(via: via, failed: failed)
        case .toggleLines: toggleLines(viewHeight: viewHeight)
        case .optionsMenu(let move): effects += moveInOptions(move)
        case .openScenarios: openScenarios()
        case .scenarios(let move): effects += moveInScenarios(move)
        }
        noteJump(action, from: departure)
        keepCursorVisible(viewHeight: viewport.treeHeight)
        return effects + askForNodeValue()
    }

    /// Puts the cursor on a node, unfolding what hides it. What a `:` or `/` jump does inside
    /// the reducer, called directly: a nested `perform` would lose the effects it returns (the
    /// value view's request for the new node among them).
    mutating func select(revealing node: NodeID) {
        guard node >= 0 && node < tree.nodeCount else { return }
        reveal(node)
        cursor = Row(node: node)
    }

    /// Scrolls so the cursor is on screen with a little context, walking at most a screen.
    mutating func keepCursorVisible(viewHeight: Int) {
        let walker = self.walker
        let margin = min(3, max(0, (viewHeight - 1) / 2))
        // A fold may have hidden the top row: fall back to what now shows in its place.
        let visible = walker.visibleRow(for: top.node)
        if visible.node != top.node || (top.isClose && !walker.isOpen(top.node)) { top = visible }
        // Is the cursor within [top + margin, top + height - 1 - margin]? Walk from top.
        var row = top
        var offset = 0
        while row != cursor && offset < viewHeight {
            guard let next = walker.next(row) else { break }
            row = next
            offset += 1
        }
        if row == cursor && offset >= margin && offset <= viewHeight - 1 - margin {
            return keepWrappedCursorVisible(viewHeight: viewHeight)
        }
        if row == cursor && offset < viewHeight && offset > viewHeight - 1 - margin {
            top = walker.move(top, by: offset - (viewHeight - 1 - margin))
            return keepWrappedCursorVisible(viewHeight: viewHeight)
        }
        // The cursor is above the top or far below: put it `margin` rows from the top.
        top = walker.move(cursor, by: -margin)
        keepWrappedCursorVisible(viewHeight: viewHeight)
    }
}

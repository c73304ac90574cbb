import JSONTree

extension ExplorerState {
    /// At most this many unfolded containers are carried over a reload by path.
    static let maximumRememberedFolds = 20_000

    /// Shows a payload read again from disk, keeping the cursor, the unfolded containers and
    /// the decode root where the same paths still lead; decodes again if something was decoded.
    mutating func replaceTree(_ newTree: JSONTree, bytes: Int) -> [Effect] {
        let cursorPath = path(of: cursor.node)
        let rootPath = decode.root.map { path(of: $0) }
        let unfolded = folds.expandedNodes(limit: Self.maximumRememberedFolds).map { path(of: $0) }

        tree = newTree
        staleBecause = nil
        metrics = TreeMetrics()
        folds = FoldState(nodeCount: newTree.nodeCount)
        for path in unfolded {
            if case .success(let node) = path.resolve(in: newTree), newTree.kind(node).isContainer { folds.setExpanded(node, true) }
        }
        let node = nearestNode(to: cursorPath)
        reveal(node)
        cursor = Row(node: node)
        top = cursor
        let hadDecode = decode.overlay != nil || decode.isRunning
        decode.overlay = nil
        decode.root = rootPath.map { nearestNode(to: $0) }
        status = StatusMessage("payload reloaded (\(ByteCount.format(bytes)))")
        return hadDecode ? requestDecode() : []
    }

    /// The node a path leads to, or the deepest node on the way there.
    func nearestNode(to path: NodePath) -> NodeID {
        var candidate: NodePath? = path
        while let p = candidate {
            if case .success(let node) = p.resolve(in: tree) { return node }
            candidate = p.parent
        }
        return tree.root
    }

    /// "model reloaded", with what changed the files when the explorer did (`wrote Models.swift
    /// (backup …); model reloaded`), else with the files read; forgets the cause.
    private mutating func takeReloadedText() -> String {
        defer { decode.reloadCause = nil }
        if let cause = decode.reloadCause { return cause + "; model reloaded" }
        let paths = decode.setup.modelPaths
        return "model reloaded"
            + (paths.isEmpty ? "" : " from " + (paths.count > 2 ? "\(paths.count) files" : paths.joined(separator: ", ")))
    }

    /// Uses model files read again from disk; the type and strategies stay as they were.
    mutating func replaceModels(_ loaded: DecodeSetup) -> [Effect] {
        // The first read, at start: a decode already running uses the same files (the worker reads them).
        let isFirstRead = decode.setup.schema == nil && decode.setup.modelProblems.isEmpty && !decode.decodesAfterModelReload
        decode.setup.schema = loaded.schema
        decode.setup.modelProblems = loaded.modelProblems
        if let problem = loaded.modelProblems.first {
            decode.phase = .failed("the model does not compile: \(problem)")
            decode.overlay = nil
            status = StatusMessage(
                isFirstRead ? "the model does not compile: \(problem)" : takeReloadedText() + ": it does not compile", tone: .error)
            return []
        }
        if isFirstRead {
            if let doubt = loaded.schemaDoubt { status = StatusMessage("swiftc decides: " + doubt, tone: .error) }
            return []
        }
        if let doubt = loaded.schemaDoubt {
            // The doubt names its file and place already: the status line keeps its room for them.
            let reloaded = decode.reloadCause == nil ? "model reloaded" : takeReloadedText()
            status = StatusMessage(reloaded + ", swiftc decides: " + doubt, tone: .error)
        } else {
            status = StatusMessage(takeReloadedText())
        }
        let hadDecode = decode.overlay != nil || decode.isRunning || decode.phase != .idle || decode.decodesAfterModelReload
        decode.decodesAfterModelReload = false
        return hadDecode && decode.setup.typeExpression != nil ? requestDecode() : []
    }
}

extension ExplorerState {
    /// Esc while the model files are read off the input loop: stop waiting for them. The read
    /// is bounded and ends unseen (its result is dropped); `r` reads the files again.
    mutating func cancelModelRead() -> [Effect] {
        guard decode.modelsReading else { return [] }
        decode.modelsReading = false
        decode.decodesAfterModelReload = false
        decode.reloadCause = nil
        let cancelledDecode = status?.text == "decode cancelled"
        status = StatusMessage((cancelledDecode ? "decode cancelled; " : "") + "stopped reading the model files; r reads them again")
        return [.cancelModelRead]
    }
}

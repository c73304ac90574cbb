import DecodingEngine
import JSONTree
import Teaching

extension ExplorerState {
    /// `i`: opens the stepping view on the last decode's trace, or decodes again with one.
    mutating func openStepping() -> [Effect] {
        if let trace = decode.overlay?.report.trace, !trace.isEmpty, !decode.isRunning {
            startStepping(trace)
            return []
        }
        guard case .ready = decode.setup.readiness else { return requestDecode() }
        decode.setup.options.tracesCalls = true
        decode.opensSteppingWhenDone = true
        return requestDecode()
    }

    /// Opens the view at the first call about the cursor's node (or inside it), else the first.
    mutating func startStepping(_ trace: [TraceEntry]) {
        decode.walkthroughs = walkthroughs()
        let node = cursor.node
        let end = tree.subtreeEnd(node)
        let start = trace.firstIndex { $0.node == node } ?? trace.firstIndex { ($0.node ?? -1) >= node && ($0.node ?? -1) < end } ?? 0
        mode = .stepping(index: start)
        follow(trace[start])
    }

    mutating func step(_ move: StepMove) {
        guard case .stepping(let index) = mode, let trace = decode.overlay?.report.trace, !trace.isEmpty else {
            mode = .browse
            return
        }
        let next: Int
        switch move {
        case .by(let delta): next = min(max(0, index + delta), trace.count - 1)
        case .first: next = 0
        case .last: next = trace.count - 1
        case .nextFailure:
            let after = trace.indices.dropFirst(index + 1)
            guard let failing = after.first(where: { if case .threw = trace[$0].outcome { true } else { false } }) else {
                status = StatusMessage("no call after this one throws")
                return
            }
            next = failing
        case .close:
            mode = .browse
            decode.setup.options.tracesCalls = false
            return
        }
        mode = .stepping(index: next)
        follow(trace[next])
    }

    /// The synthesized `init(from:)` runs of the traced decode (pure: the schema and the tree).
    private func walkthroughs() -> [InitWalkthrough] {
        if decode.decidedMode == .compiled, let overlay = decode.overlay, let schema = decode.setup.schema {
            // The user's own init(from:) source, each call tied to its line.
            return InitWalkthrough.compiled(in: overlay.report, schema: schema)
        }
        guard let overlay = decode.overlay, let schema = decode.setup.schema, let expression = decode.setup.typeExpression,
            let type = try? schema.resolve(expression)
        else { return [] }
        let context = TeachingContext(
            schema: schema, payload: tree.text, tree: tree, rootType: type, rootNode: overlay.root,
            options: decode.setup.options, typeExpression: expression)
        return InitWalkthrough.all(in: overlay.report, context: context)
    }

    /// Puts the tree's cursor on the node a call reads.
    private mutating func follow(_ entry: TraceEntry) {
        guard let node = entry.node, node >= 0, node < tree.nodeCount else { return }
        reveal(node)
        cursor = Row(node: node)
    }
}

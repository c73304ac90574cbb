import DecodingEngine
import JSONTree
import Teaching

/// The synthesized `init(from:)` stepped through: the container calls in the order the
/// compiler's code makes them, nested calls indented, the current one highlighted with
/// what it returned or threw; the tree above follows each call's node.
struct SteppingRenderer {
    let state: ExplorerState
    let trace: [TraceEntry]
    let index: Int

    func draw(into screen: inout Screen, top y: Int, height: Int) {
        guard height > 0 else { return }
        let run = currentRun()
        let type = TerminalSafeText.escape(run.map { $0.0.type.description } ?? state.decode.setup.typeExpression ?? "")
        let counter = ", call \(index + 1) of \(trace.count)"
        // The type gives way last: the keys keep only `j/k step` and `Esc close` for it.
        let typeRoom = screen.width - 1 - DisplayWidth.of(" init(from:) of " + counter + "   j/k step  Esc close")
        let title = " init(from:) of " + Shortened.text(type, width: max(8, typeRoom)) + counter
        let x = screen.put(title, x: 0, y: y, style: .header)
        let keys = Shortened.parts(
            ["j/k step", "e next throw", "g/G ends", "Esc close"], priority: [0, 1, 2, 0], width: screen.width - x - 3)
        if !keys.isEmpty { screen.put("   " + keys, x: x, y: y, style: .dimmed) }
        let rows = height - 1
        guard rows > 0 else { return }
        // The synthesized init(from:) whose call this is, its line highlighted, above the calls.
        if let (run, step) = run, rows >= 8 {
            let shown = min(run.lines.count, rows / 2)
            let line = run.steps[step].line
            // Compiled mode: a call the trace cannot tie to one line marks every line that could have made it.
            let candidates = run.steps[step].candidateLines
            let first = max(0, min(line - shown / 2, run.lines.count - shown))
            for (k, number) in (first..<first + shown).enumerated() {
                let initLine = run.lines[number]
                let isCurrent = candidates.isEmpty && number == line
                let isCandidate = candidates.contains(number)
                let marker = isCurrent ? "▶ " : isCandidate ? "? " : "  "
                // A line with no note (the user's own source, in compiled mode) may take the whole width.
                let limit = initLine.note == nil && !isCandidate ? screen.width - 1 : screen.width * 2 / 3
                let x = screen.put(
                    Shortened.text(marker + TerminalSafeText.escape(initLine.text), width: limit), x: 0, y: y + 1 + k,
                    style: isCurrent ? .cursor : isCandidate ? .key : .plain)
                if let note = isCandidate
                    ? "one of \(candidates.count) lines that could make this call; the trace cannot tell which" : initLine.note
                {
                    screen.put(
                        Shortened.text("  // " + TerminalSafeText.escape(note), width: screen.width - 1 - x), x: x, y: y + 1 + k,
                        style: .dimmed)
                }
            }
            screen.fill(row: y + 1 + shown, from: 0, with: "┄", style: .border)
            drawCalls(into: &screen, top: y + 2 + shown, rows: rows - shown - 1)
            return
        }
        drawCalls(into: &screen, top: y + 1, rows: rows)
    }

    /// The run (and its step) that made the current call.
    private func currentRun() -> (InitWalkthrough, Int)? {
        for run in state.decode.walkthroughs {
            if let step = run.steps.firstIndex(where: { $0.traceIndex == index }) { return (run, step) }
        }
        return nil
    }

    private func drawCalls(into screen: inout Screen, top y: Int, rows: Int) {
        guard rows > 0 else { return }
        // Keep the current call a third of the way down the window.
        let first = max(0, min(index - rows / 3, trace.count - rows))
        for (k, position) in (first..<min(trace.count, first + rows)).enumerated() {
            drawCall(at: position, isCurrent: position == index, y: y + k, into: &screen)
        }
    }

    private static func padded(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private func drawCall(at position: Int, isCurrent: Bool, y: Int, into screen: inout Screen) {
        let entry = trace[position]
        let indent = String(repeating: "    ", count: max(0, entry.depth - 1))
        let marker = isCurrent ? "▶ " : "  "
        let call = "try " + TerminalSafeText.escape(entry.call)
        let start = screen.put(marker + indent, x: 0, y: y, style: isCurrent ? .cursor : .plain)
        let location = entry.node.flatMap { $0 < state.tree.nodeCount ? state.tree.location($0) : nil }
        let place = location.map { Self.padded("line \($0.line)", to: 12) } ?? ""
        let middle = screen.width * 50 / 100
        let callEnd = start + DisplayWidth.of(call)
        let noteX: Int
        let result: String
        let style: Style
        switch entry.outcome {
        case .returned(let value):
            // A value gives way to its call: which key was read says more than the value's end.
            noteX = max(min(callEnd, screen.width - 1) + 2, middle)
            result = Shortened.text("→ " + TerminalSafeText.escape(value), width: screen.width - 1 - place.count - noteX)
            style = .success
        case .threw(let kind, let text):
            // What was thrown keeps the room it has from the middle of the line; a long call gives way
            // to it (the init's line above shows it whole), never the error's words (`✖ missing key …`).
            let room = screen.width - 1 - place.count - max(middle, start + 2)
            if let caught = caughtError(thrownAt: position, text: text) {
                // An error the model's code caught: where the catching code made the call, the catcher and
                // what became of the value; inside it, the throw, marked as caught.
                result = Shortened.text(caughtNote(caught, at: position, kind: kind, text: text), width: max(1, room))
                style = .warning
            } else {
                result = thrown(kind, text, at: position, width: room)
                style = .error
            }
            noteX = min(max(callEnd + 2, middle), screen.width - 1 - place.count - DisplayWidth.of(result))
        }
        screen.put(Shortened.text(call, width: max(1, noteX - 2 - start)), x: start, y: y, style: isCurrent ? .cursor : .key)
        screen.put(result, x: noteX, y: y, style: style)
        screen.put(place, x: screen.width - place.count - 1, y: y, style: .dimmed)
    }

    /// What a call threw, in `width` columns: Foundation's words when they fit, else the error's
    /// kind and its short summary (`✖ keyNotFound: missing key `description``).
    private func thrown(_ kind: LocatedDecodingError.Kind, _ text: String, at position: Int, width: Int) -> String {
        let whole = "✖ throws \(kind.rawValue): " + TerminalSafeText.escape(text)
        guard DisplayWidth.of(whole) > width else { return whole }
        if let error = reportedError(thrownAt: position), error.kind == kind {
            let summary = ErrorSummary(error, tree: state.tree)
            let short = ["✖ " + summary.note, "✖ " + summary.summary]
            return short.first { DisplayWidth.of($0) <= width } ?? Shortened.text(short[1], width: width)
        }
        // Foundation's words do not fit: its kind says more than their first word would.
        let kindOnly = "✖ throws \(kind.rawValue)"
        return DisplayWidth.of(kindOnly) <= width ? kindOnly : Shortened.text("✖ \(kind.rawValue)", width: width)
    }

    /// The report's error a call threw: the one on its node, else (a call that passed on what a
    /// call inside it threw) the one on the node of the innermost throwing call inside it, else
    /// (a key not found has no node) the missing key's error on the container it was read from.
    private func reportedError(thrownAt position: Int) -> LocatedDecodingError? {
        guard let overlay = state.decode.overlay else { return nil }
        func error(at node: NodeID?) -> LocatedDecodingError? {
            node.flatMap { overlay.error(at: Row(node: $0)) }.map { overlay.report.errors[$0] }
        }
        if let found = error(at: trace[position].node) { return found }
        let depth = trace[position].depth
        var inner: LocatedDecodingError?
        for entry in trace[(position + 1)...] {
            guard entry.depth > depth else { break }
            if case .threw = entry.outcome, let found = error(at: entry.node) { inner = found }
        }
        if let inner { return inner }
        // A call with no node (a key that is missing): the error on the container it read from,
        // made by an earlier call of the same init(from:).
        guard trace[position].node == nil else { return nil }
        var k = position - 1
        while k >= 0, trace[k].depth >= depth {
            if trace[k].depth == depth, let found = error(at: trace[k].node), found.kind == .keyNotFound { return found }
            k -= 1
        }
        return nil
    }
}

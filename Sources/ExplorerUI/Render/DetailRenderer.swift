import DecodeWorker
import DecodingEngine
import JSONTree
import ModelSchema
import Teaching

/// The detail pane under the rule: the error at the cursor (Foundation's words, where it
/// really is, the model property), or the node; Tab shows the decoded value or the model
/// source instead.
struct DetailRenderer {
    let state: ExplorerState
    /// Only counting lines for the layout: what never adds a line (the model property after
    /// "read by the model") is left out, and the long views (value, source) take all the room.
    var measuring = false

    /// A line of the pane: pieces of text, each with a style.
    typealias Line = [(String, Style)]

    /// What the pane is scrolled on: the cursor's row in the current view.
    var anchor: PaneScroll.Anchor { .detail(state.cursor, state.detail) }

    func draw(into screen: inout Screen, top y: Int, height: Int) {
        let lines = self.lines(width: screen.width)
        let offset = min(state.viewer.paneOffset(anchor), max(0, lines.count - height))
        for (k, line) in lines.dropFirst(offset).prefix(height).enumerated() {
            var x = 0
            for (text, style) in line { x = screen.put(text, x: x, y: y + k, style: style, limit: screen.width) }
        }
        if lines.count > height {
            Self.drawScrollMarks(above: offset, below: lines.count - height - offset, keys: scrollKeys, on: y - 1, into: &screen)
        }
    }

    /// The keys that scroll the pane, as the key map has them (`}`/`{`).
    private var scrollKeys: String {
        let down = state.keyMap.sequences(for: .scrollDetail(.halfPages(1))).first.map { KeyName.describe($0) } ?? ""
        let up = state.keyMap.sequences(for: .scrollDetail(.halfPages(-1))).first.map { KeyName.describe($0) } ?? ""
        return [down, up].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `↑ 2  ↓ 5 more  } { scroll` at the right end of a rule: how much is hidden, and how to see it.
    static func drawScrollMarks(above: Int, below: Int, keys: String, on y: Int, into screen: inout Screen) {
        var text = " "
        if above > 0 { text += "↑ \(above)  " }
        if below > 0 { text += "↓ \(below) more  " }
        text += keys.isEmpty ? "" : keys + " scroll "
        let width = DisplayWidth.of(text)
        guard width < screen.width / 2 else { return }
        screen.put(text, x: screen.width - width - 2, y: y, style: .hint)
    }

    /// The lines the pane needs to show everything (for the layout; cheap where it can be).
    func neededLines(width: Int) -> Int {
        if case .failed = state.decode.phase { return lines(width: width).count }
        return state.detail == .automatic ? lines(width: width).count : Int(Int16.max)
    }

    /// The pane's lines at this width, every one of them whole (long ones broken at spaces).
    func lines(width: Int) -> [Line] {
        unwrappedLines(width: width).flatMap { TextWrap.styledLines($0, width: width) }
    }

    private func unwrappedLines(width: Int) -> [Line] {
        if case .failed(let message) = state.decode.phase, !state.decode.compilerDiagnostics.isEmpty {
            return [[(" ✖ \(message):", .error)]]
                + state.decode.compilerDiagnostics.flatMap { diagnostic in
                    wrap(
                        TerminalSafeText.escape(diagnostic.description), width: width,
                        style: diagnostic.severity == .error ? .error : .warning, indent: 3)
                        + (state.decode.setup.suggestion(for: diagnostic).map {
                            wrap(TerminalSafeText.escape($0), width: width, style: .hint, indent: 5)
                        } ?? [])
                }
        }
        if case .failed(let message) = state.decode.phase {
            return [[(" ✖ could not decode: ", .error)]] + wrap(TerminalSafeText.escape(message), width: width, style: .error)
        }
        switch state.detail {
        case .automatic:
            if let overlay = state.decode.overlay, let index = overlay.error(at: state.cursor) {
                return errorLines(overlay.report.errors[index], index: index, of: overlay.report.errors.count, width: width)
                    + modelOutputLines()
            }
            if let overlay = state.decode.overlay, state.cursor.ghost == nil, let index = overlay.caughtByNode[state.cursor.node] {
                return caughtLines(index, of: overlay, width: width) + modelOutputLines()
            }
            return nodeLines(width: width) + modelOutputLines()
        case .value:
            return valueLines(width: width)
        case .source:
            return sourceLines(width: width)
        }
    }

    // MARK: What the model printed

    /// How many of the last lines the model's code printed the pane shows.
    static let modelOutputLineCount = 4

    /// The last lines the model's own code printed while it decoded (compiled mode: print debugging
    /// shows here), escaped; `check` shows all that was kept.
    private func modelOutputLines() -> [Line] {
        guard let output = state.decode.overlay?.report.modelOutput, !output.isEmpty else { return [] }
        let total = output.standardOutput.total + output.standardError.total
        var text = output.standardOutput.text + output.standardError.text
        if text.hasSuffix("\n") { text.removeLast() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines.suffix(Self.modelOutputLineCount)
        let more = lines.count > shown.count ? ", its last \(shown.count) lines; check shows the rest" : ""
        return [[(" the model's code printed (\(total) bytes\(more)):", .dimmed)]]
            + shown.map { [("   " + TerminalSafeText.escape(String($0)), .plain)] }
    }

    // MARK: The error

    private func errorLines(_ error: LocatedDecodingError, index: Int, of count: Int, width: Int) -> [Line] {
        let heading = error.headingParts(root: " (empty codingPath)")
        var head: Line = [(" ✖ " + heading.kind, .error), (heading.place, .plain)]
        if let location = error.location { head.append(("   line \(location.line), col \(location.column)", .dimmed)) }
        if count > 1 { head.append(("   error \(index + 1) of \(count)", .dimmed)) }
        var lines: [Line] = [head]
        if let known = state.decode.moreErrorsKnown {
            let key = state.keyMap.sequences(for: .toggleAllErrors).first.map { KeyName.describe($0) }
            let options = state.keyMap.sequences(for: .openOptions).first.map { KeyName.describe($0) } ?? "the options"
            lines.append([
                ("   JSONDecoder stops at this error; its fixes found at least \(known - 1) others. ", .warning),
                (key.map { "\($0): show every error" } ?? "\(options), then \"all errors\", shows each", .hint),
            ])
        }
        if let group = state.decode.lessons?.groups.first(where: { $0.errors.contains(index) }), group.errors.count > 1 {
            // The same mistake in many records: said once, with where this one stands among them.
            let place = (group.errors.firstIndex(of: index) ?? 0) + 1
            lines.append([
                ("   ✖ \(group.errors.count) × ", .error), (TerminalSafeText.escape(group.title), .key),
                ("   this is \(place) of the \(group.errors.count); ]e visits each", .dimmed),
            ])
        }
        lines += wrap(TerminalSafeText.escape(error.debugDescription), width: width, style: .plain, indent: 3)
        if let cause = error.realCause {
            lines += wrap(
                "really: " + TerminalSafeText.escape(cause.explanation) + " (line \(cause.location.line), col \(cause.location.column))",
                width: width, style: .warning, indent: 3)
        }
        if let property = error.property {
            lines.append([
                ("   model: ", .dimmed), (TerminalSafeText.escape(property.location.description), .dimmed),
                ("  " + TerminalSafeText.escape(property.declarationText), .key),
            ])
        }
        if let lessons = state.decode.lessons, lessons.lessons.indices.contains(index) {
            let fixes = lessons.fixes(forError: index)
            if let best = fixes.first {
                lines.append([
                    ("   fix: ", .success), (TerminalSafeText.escape(best.title), .key), ("  " + best.verdict.text, .success),
                    (fixes.count > 1 ? "   f: all \(fixes.count) fixes" : "   f: see the diff and write it", .hint),
                ])
            }
            for line in lessons.lessons[index].explanation.lines {
                lines += wrap(TerminalSafeText.escape(line), width: width, style: .dimmed, indent: 3)
            }
        } else if state.decode.lessonsPending {
            lines.append([("   explaining and verifying fixes…", .dimmed)])
        }
        return lines
    }

    // MARK: The node

    /// A payload that is not JSON: the error as the compiler-style diagnostic `validate`
    /// prints, with the line and a caret, and what the tree above shows.
    private func structureErrorLines(_ error: JSONParseError, width: Int) -> [Line] {
        let location = error.location
        let file = TerminalSafeText.escape(state.fileName)
        var lines = wrap(
            "\(file):\(location.line):\(location.column): error: " + TerminalSafeText.escape(error.message), width: width,
            style: .error, indent: 1)
        let excerpt = SourceExcerpt(lineBytes: state.tree.lineBytes(location.line), column: location.column, width: max(10, width - 2))
        lines.append([(" " + excerpt.line, .plain)])
        lines.append([(" " + excerpt.caret, .error)])
        lines += wrap(
            "JSONDecoder rejects the whole payload (dataCorrupted: \"The given data was not valid JSON.\"); the tree shows what was read before the error",
            width: width, style: .dimmed, indent: 1)
        return lines
    }

    private func nodeLines(width: Int) -> [Line] {
        let tree = state.tree
        let node = state.cursor.node
        let location = tree.location(node)
        var first: Line = [(" \(tree.kind(node).name)", .plain), ("  line \(location.line), col \(location.column)", .dimmed)]
        if tree.kind(node).isContainer {
            let children = state.metrics.childCount(node, in: tree)
            let below = tree.descendantCount(node)
            // Still being read: what is read so far, and so at least that.
            let more = tree.isCut(node) ? "+" : ""
            first.append(
                (
                    "  \(children)\(more) \(children == 1 && more.isEmpty ? "child" : "children"), \(below)\(more) \(below == 1 && more.isEmpty ? "node" : "nodes") below"
                        + (more.isEmpty ? "" : " so far"), .dimmed
                ))
        }
        var lines: [Line] = [first]
        for issue in tree.issues(of: node).prefix(2) {
            lines += wrap(
                TerminalSafeText.escape(issue.message), width: width, style: issue.severity == .error ? .error : .warning, indent: 1)
        }
        if node == tree.structureErrorNode, let error = tree.structureError { lines += structureErrorLines(error, width: width) }
        if let overlay = state.decode.overlay, node == overlay.root {
            let type = TerminalSafeText.escape(state.decode.setup.typeExpression ?? "")
            let n = overlay.report.errors.count
            lines.append([
                (" ◆ the decode root: \(type) is decoded here", .decodeRoot),
                (
                    overlay.report.ok ? "  ✓ decodes" : "  ✖ \(n) error\(n == 1 ? "" : "s") (]e goes to the first)",
                    overlay.report.ok ? .success : .error
                ),
            ])
        } else if let overlay = state.decode.overlay {
            switch overlay.status(of: node) {
            case .read?: lines.append([(" read by the model", .success)] + propertyNote(node))
            case .ignored?: lines.append([(" not read by the model: no CodingKey asks for it", .dimmed)])
            case .failed?: lines.append([(" failed", .error)])
            case nil:
                lines.append([
                    (
                        node == overlay.root || isInsideRoot(node, overlay) ? " not reached by the decode" : " outside the decode root",
                        .dimmed
                    )
                ])
            }
        } else {
            lines += setupHint()
        }
        return lines + warningLines(node, width: width)
    }

    /// A "decodes, but" warning about the node, whole; at the decode root, how many there are.
    /// The verdict above stays what Foundation decided.
    private func warningLines(_ node: NodeID, width: Int) -> [Line] {
        guard let overlay = state.decode.overlay else { return [] }
        var lines: [Line] = []
        if let warning = state.decode.warning(at: node) {
            lines += wrap("⚠ decodes, but: " + TerminalSafeText.escape(warning.text), width: width, style: .warning)
        }
        let count = state.decode.lessons?.warnings.count ?? 0
        if node == overlay.root, count > 0 {
            lines.append([
                (
                    " ⚠ \(count) warning\(count == 1 ? "" : "s"): values that decode but are almost surely not what the app meant (⚠ on the tree)",
                    .warning
                )
            ])
        }
        return lines
    }

    private func propertyNote(_ node: NodeID) -> Line {
        guard !measuring, let found, let name = found.property,
            let property = found.owner.flatMap({ state.decode.setup.schema?.types[$0] })?.properties.first(where: { $0.name == name })
        else { return [] }
        return [
            ("  as ", .dimmed), (TerminalSafeText.escape(property.declarationText), .key),
            ("  " + TerminalSafeText.escape(property.location.description), .dimmed),
        ]
    }

    private func isInsideRoot(_ node: NodeID, _ overlay: DecodeOverlay) -> Bool {
        node > overlay.root && node < state.tree.subtreeEnd(overlay.root)
    }

    private func setupHint() -> [Line] {
        switch state.decode.setup.readiness {
        case .noModel: []
        case .modelProblem(let problem): [[(" the model does not compile: " + TerminalSafeText.escape(problem), .error)]]
        case .noType: [[(" t picks a type to decode", .hint)]]
        case .ready(let type): [[(" ⏎ decodes " + TerminalSafeText.escape(type) + " at this node", .hint)]]
        }
    }

    // MARK: The decoded value and the model source

    /// The value at the cursor, as the worker holding it answered (``ExplorerState/cursorValue``).
    private var found: NodeValue? {
        guard case .value(let value) = state.cursorValue else { return nil }
        return value
    }

    private func valueLines(width: Int) -> [Line] {
        guard state.decode.overlay != nil else { return [[(" value: nothing decoded yet (⏎ decodes here)", .dimmed)]] }
        switch state.cursorValue {
        case nil:
            return [[(" value: reading the value…", .dimmed)]]
        case .notDecoded:
            return [[(" value: this node is not part of the decoded value", .dimmed)]]
        case .unavailable(let why):
            return wrap("value: " + TerminalSafeText.escape(why), width: width, style: .error)
        case .value(let value):
            let depth = state.viewer.valueDepth
            let keys = [-1, 1].compactMap { state.keyMap.sequences(for: .foldValue($0)).first.map { KeyName.describe($0) } }
                .joined(separator: "/")
            // Said only for a value with groups to fold.
            let fold =
                keys.isEmpty || ValueLayout.depth(of: value.text) == 0
                ? "" : "  \(keys) fold" + (depth.map { ": \($0) level\($0 == 1 ? "" : "s") open" } ?? "")
            return [[(" value", .header), ("  (Tab: next view)", .dimmed), (fold, .hint)]]
                + ValueLayout.lines(TerminalSafeText.escape(value.text), width: width, isTruncated: value.isTruncated, depth: depth)
                .map { [($0, .string)] } + (value.isTruncated ? truncationNote : [])
        }
    }

    /// The model property an error or a missing key at the cursor is about (the engine says it
    /// where the error arose), for a decode that has no value to ask.
    private var propertyAtCursor: PropertySchema? {
        guard let overlay = state.decode.overlay else { return nil }
        if let ghost = state.cursor.ghost {
            let missing = overlay.ghosts(of: state.cursor.node)
            return missing.indices.contains(ghost) ? missing[ghost].property : nil
        }
        return overlay.error(at: state.cursor).map { overlay.report.errors[$0].property } ?? nil
    }

    /// Under a value cut short: how much the worker sends, and how to see the node whole.
    private var truncationNote: [Line] {
        let pager = state.keyMap.sequences(for: .openPager).first.map { KeyName.describe($0) }
        let whole = pager.map { "; \($0) shows this node's JSON whole" } ?? ""
        return [[(" the value's first \(Count.grouped(NodeValue.textLimit)) characters" + whole, .hint)]]
    }

    private func sourceLines(width: Int) -> [Line] {
        guard let schema = state.decode.setup.schema else { return [[(" source: no model loaded", .dimmed)]] }
        // The value's owner and property; a decode that failed has no value, and its error (or
        // missing key) at the cursor names the property instead.
        let failed = propertyAtCursor
        let owner =
            found?.owner.flatMap { schema.types[$0] }
            ?? failed.flatMap { property in
                schema.types.values.first { $0.properties.contains(property) }
            }
        let type =
            owner ?? state.decode.setup.typeExpression.flatMap { schema.typeSchema(runtimeName: $0) ?? schema.types[$0] }
        guard let type, let source = schema.sources.first(where: { $0.path == type.location.file }) else {
            return [[(" source: no model type for this node", .dimmed)]]
        }
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        let highlight =
            (found?.property.flatMap { name in owner?.properties.first { $0.name == name } } ?? failed)?.location.line
        let first = max(1, min(type.location.line, (highlight ?? type.location.line) - 3))
        var out: [Line] = [
            [(" " + TerminalSafeText.escape(type.location.file) + ":\(type.location.line)", .dimmed), ("  (Tab: next view)", .dimmed)]
        ]
        for number in first...min(lines.count, first + 12) {
            let text = TerminalSafeText.escape(String(lines[number - 1]))
            let isHighlighted = number == highlight
            out.append([(String(format: "%4d ", number), .dimmed), (text, isHighlighted ? .cursor : .plain)])
        }
        return out
    }

    // MARK: Wrapping

    func wrap(_ text: String, width: Int, style: Style, indent: Int = 1) -> [Line] {
        TextWrap.lines(text, width: width, indent: indent).map { [($0, style)] }
    }
}

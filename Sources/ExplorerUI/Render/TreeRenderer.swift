import JSONTree

/// Draws the visible rows of the tree into a region of a ``Screen``.
///
/// Only the rows on screen are walked (from `state.top`), so the cost of a frame does not
/// depend on the payload's size. Untrusted text (keys, strings) is drawn through
/// ``TerminalSafeText``: control and bidi characters appear as escapes, in their own style.
struct TreeRenderer {
    let state: ExplorerState

    /// Columns left of the tree for decode marks (✖ failed, ◆ decode root, · ignored), shown
    /// once something has been decoded.
    var gutter: Int { state.decode.overlay == nil ? 0 : 2 }

    func draw(into screen: inout Screen, top y0: Int, height: Int) {
        let walker = state.walker
        var row: Row? = state.top
        var y = y0
        // With `w`, a long string takes as many lines as it needs (the rest of the screen at most).
        while y < y0 + height, let current = row {
            let lines = state.viewer.wrapsStrings ? rowHeight(current, width: screen.width, limit: y0 + height - y) : 1
            drawRow(current, y: y, into: &screen, walker: walker, lines: lines)
            if let overlay = state.decode.overlay { DecodeMarks(state: state, overlay: overlay).draw(current, y: y, into: &screen) }
            if current.ghost == nil, current.node == state.tree.structureErrorNode { drawStructureError(current, y: y, into: &screen) }
            if current == state.cursor {
                for k in 0..<lines { screen.restyle(row: y + k, from: gutter, as: .cursor) }
            }
            y += lines
            row = walker.next(current)
        }
    }

    /// Where a payload that is not JSON stops being read: on the closing row of the container
    /// the error lies in (the close stands where the read stopped), or on the container itself
    /// while it is folded.
    private func drawStructureError(_ row: Row, y: Int, into screen: inout Screen) {
        let tree = state.tree
        guard let error = tree.structureError else { return }
        let node = row.node
        let marksClose = tree.kind(node).isContainer && state.walker.isOpen(node)
        guard row.isClose == marksClose else { return }
        screen.putNote("✖ not JSON here: " + TerminalSafeText.escape(error.message), style: .error, after: screen.contentEnd(y: y), y: y)
    }

    /// Screen lines a row takes when long strings wrap: 1, or the string's wrapped lines
    /// (at most `limit`); only as much of the string as fits is looked at.
    func rowHeight(_ row: Row, width: Int, limit: Int) -> Int {
        guard row.isNode, state.tree.kind(row.node) == .string, limit > 1 else { return 1 }
        let x = valueColumn(row.node)
        let room = width - 1 - x
        guard room >= 4 else { return 1 }
        var lines = 1
        var column = 0
        for segment in SafeSegments(wrappedText(row.node, room: room, lines: limit)) {
            for character in segment.text {
                let w = DisplayWidth.of(character)
                if column + w > room {
                    lines += 1
                    column = 0
                    if lines >= limit { return limit }
                }
                column += w
            }
        }
        return lines
    }

    /// Where a node's value starts: after the indent and the key.
    private func valueColumn(_ node: NodeID) -> Int {
        var x = gutter + 2 + 2 * state.tree.depth(node)
        if let key = state.tree.key(node) {
            for segment in SafeSegments("\"" + key + "\"") { x += DisplayWidth.of(segment.text) }
            x += 2
        }
        return x
    }

    /// The start of a string's source text, enough for `lines` lines of `room` columns.
    private func wrappedText(_ node: NodeID, room: Int, lines: Int) -> String {
        let range = state.tree.byteRange(node)
        let budget = (room + 1) * lines * 4
        let shown = range.lowerBound..<min(range.upperBound, range.lowerBound + budget)
        return String(decoding: state.tree.text[shown], as: UTF8.self)
    }

    /// Writes a string over `lines` screen lines, from `x` to the right edge on each.
    private func drawWrapped(_ node: NodeID, x: Int, y: Int, lines: Int, style: Style, into screen: inout Screen) {
        let room = screen.width - 1 - x
        var line = 0
        var column = 0
        for segment in SafeSegments(wrappedText(node, room: room, lines: lines)) {
            for character in segment.text {
                let w = DisplayWidth.of(character)
                if column + w > room {
                    line += 1
                    column = 0
                    guard line < lines else {
                        screen.put("…", x: screen.width - 1, y: y + lines - 1, style: .dimmed)
                        return
                    }
                }
                column = screen.put(String(character), x: x + column, y: y + line, style: segment.isEscape ? .escaped : style) - x
            }
        }
        let range = state.tree.byteRange(node)
        if range.count > (room + 1) * lines * 4 { screen.put("…", x: screen.width - 1, y: y + lines - 1, style: .dimmed) }
    }

    private func drawRow(_ row: Row, y: Int, into screen: inout Screen, walker: RowWalker, lines: Int = 1) {
        let tree = state.tree
        let node = row.node
        let kind = tree.kind(node)
        var x = gutter + 2 + 2 * tree.depth(node)
        if let ghost = row.ghost, let overlay = state.decode.overlay {
            DecodeMarks(state: state, overlay: overlay).drawGhost(ghost, of: node, x: x + 2, y: y, into: &screen)
            return
        }
        if row.isClose {
            // A container still being read has no end yet: what is read of it ends here.
            if tree.isCut(node) {
                screen.put("… reading", x: x, y: y, style: .count)
            } else {
                screen.put(kind == .object ? "}" : "]", x: x, y: y, style: .punctuation)
            }
            return
        }
        if kind.isContainer {
            screen.put(walker.isOpen(node) ? "▾" : "▸", x: x - 2, y: y, style: .punctuation)
        }
        let ignored = state.decode.overlay?.status(of: node) == .ignored
        let matched = state.searchHighlights(node)
        if let key = tree.key(node) {
            x = drawSafe("\"" + key + "\"", x: x, y: y, style: matched.key ? .match : ignored ? .dimmed : .key, into: &screen)
            x = screen.put(": ", x: x, y: y, style: .punctuation)
        }
        switch kind {
        case .object, .array:
            let open = kind == .object ? "{" : "["
            if walker.isOpen(node) {
                screen.put(open, x: x, y: y, style: .punctuation)
            } else {
                x = screen.put(open + "…" + (kind == .object ? "}" : "]"), x: x, y: y, style: .punctuation)
                let count = state.metrics.childCount(node, in: tree)
                // Still being read: at least the count read so far.
                let more = tree.isCut(node) ? "+" : ""
                let one = count == 1 && more.isEmpty
                let noun = kind == .object ? (one ? "key" : "keys") : (one ? "item" : "items")
                x = screen.put(" \(count)\(more) \(noun)", x: x, y: y, style: .count)
                x = screen.put("  ", x: x, y: y, style: .plain)
                // A row with a note leaves it room, for its fullest form that leaves the preview 20
                // columns, else for its shortest: the preview ends with its own `, …}`, never under the note.
                let notes = (state.decode.overlay.flatMap { DecodeMarks(state: state, overlay: $0).note(row)?.0 } ?? [])
                    .map { DisplayWidth.of($0) + 4 }
                let end = screen.width - (notes.first { screen.width - x - $0 >= 20 } ?? notes.min() ?? 0)
                drawSafe(FoldedPreview(tree: tree).text(of: node, budget: max(0, end - x)), x: x, y: y, style: .preview, into: &screen)
            }
        case .string where lines > 1:
            drawWrapped(node, x: x, y: y, lines: lines, style: matched.value ? .match : .string, into: &screen)
        case .string:
            drawSafe(tree.rawText(node), x: x, y: y, style: matched.value ? .match : .string, into: &screen)
        case .number:
            drawSafe(tree.rawText(node), x: x, y: y, style: matched.value ? .match : .number, into: &screen)
        case .bool:
            drawSafe(tree.rawText(node), x: x, y: y, style: matched.value ? .match : .bool, into: &screen)
        case .null:
            screen.put("null", x: x, y: y, style: matched.value ? .match : .null)
        }
    }

    /// Writes untrusted text: safe runs in `style`, escaped characters in `.escaped`; cut
    /// with `…` at the right edge.
    @discardableResult
    func drawSafe(_ text: String, x: Int, y: Int, style: Style, into screen: inout Screen) -> Int {
        var column = x
        let limit = screen.width - 1
        let segments = SafeSegments(text)
        // Text with nothing to escape is shortened by the one rule; escapes keep their own style, cut at the edge.
        if segments.segments.count == 1, let only = segments.segments.first, !only.isEscape,
            x + DisplayWidth.of(only.text) > limit
        {
            screen.put(Shortened.text(only.text, width: max(0, limit - x + 1)), x: x, y: y, style: style)
            return screen.width
        }
        for segment in segments {
            let segmentStyle = segment.isEscape ? Style.escaped : style
            if column + DisplayWidth.of(segment.text) > limit {
                column = screen.put(segment.text, x: column, y: y, style: segmentStyle, limit: limit)
                screen.put("…", x: min(column, limit), y: y, style: .dimmed)
                return screen.width
            }
            column = screen.put(segment.text, x: column, y: y, style: segmentStyle)
        }
        return column
    }
}

/// Splits untrusted text into runs to show as they are and runs to show escaped.
struct SafeSegments: Sequence {
    struct Segment { var text: String; var isEscape: Bool }
    let segments: [Segment]

    init(_ text: String) {
        var out: [Segment] = []
        var plain = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if TerminalSafeText.isUnsafe(scalar) {
                if !plain.isEmpty { out.append(Segment(text: String(plain), isEscape: false)); plain = .init() }
                out.append(Segment(text: TerminalSafeText.escape(String(scalar)), isEscape: true))
            } else {
                plain.append(scalar)
            }
        }
        if !plain.isEmpty { out.append(Segment(text: String(plain), isEscape: false)) }
        segments = out
    }

    func makeIterator() -> IndexingIterator<[Segment]> { segments.makeIterator() }
}

import JSONTree

/// A one-line preview of a folded container's content: `{"id": 1, "name": "Ada", …}`.
/// Walks only as many children as fit in the budget, measured as the screen shows the text
/// (display width, unsafe characters escaped), so the tree never cuts it again: one `…`, at
/// the end, where the children that did not fit would be.
struct FoldedPreview {
    let tree: JSONTree
    /// The columns a string inside a preview gets at most (its quotes included).
    static let stringWidth = 40

    func text(of node: NodeID, budget: Int) -> String {
        guard budget > 4 else { return "" }
        let isObject = tree.kind(node) == .object
        let close = isObject ? "}" : "]"
        var out = isObject ? "{" : "["
        var used = 1
        var first = true
        for child in tree.children(node) {
            var piece = first ? "" : ", "
            if isObject, let key = tree.key(child) { piece += "\"\(key)\": " }
            piece += scalarText(child)
            let width = DisplayWidth.of(TerminalSafeText.escape(piece))
            // Room for this piece and the close, and for `, …` after it unless it is the last.
            let isLast = tree.nextSibling(child) == nil
            if used + width + (isLast ? 0 : 3) + 1 > budget {
                return out + (first ? "…" : ", …") + close
            }
            out += piece
            used += width
            first = false
        }
        return out + close
    }

    private func scalarText(_ node: NodeID) -> String {
        switch tree.kind(node) {
        case .object: "{…}"
        case .array: "[…]"
        case .string where tree.byteRange(node).count > Self.stringWidth:
            // Only the start is read: enough bytes for the columns a preview gives a string.
            Self.quotedStart(
                tree.text[tree.byteRange(node).prefix(Self.stringWidth * 4)], isCut: tree.byteRange(node).count > Self.stringWidth * 4)
        default: tree.rawText(node)
        }
    }

    /// A long string's start, its quote closed after `…`: `"Lavender, hand-made in small…"`.
    private static func quotedStart(_ bytes: ArraySlice<UInt8>, isCut: Bool) -> String {
        let text = TerminalSafeText.escape(String(decoding: bytes, as: UTF8.self))
        guard DisplayWidth.of(text) > stringWidth else { return isCut ? text + "…\"" : text }
        return Shortened.text(text, width: stringWidth - 1) + "\""
    }
}

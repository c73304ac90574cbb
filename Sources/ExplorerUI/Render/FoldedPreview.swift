import JSONTree

/// A one-line preview of a folded container's content: `{"id": 1, "name": "Ada", …}`.
/// Walks only as many children as fit in the budget.
struct FoldedPreview {
    let tree: JSONTree

    func text(of node: NodeID, budget: Int) -> String {
        guard budget > 4 else { return "" }
        let isObject = tree.kind(node) == .object
        var out = isObject ? "{" : "["
        var first = true
        for child in tree.children(node) {
            var piece = first ? "" : ", "
            if isObject, let key = tree.key(child) { piece += "\"\(key)\": " }
            piece += scalarText(child)
            if out.count + piece.count + 2 > budget {
                out += first ? "…" : ", …"
                return out + (isObject ? "}" : "]")
            }
            out += piece
            first = false
        }
        return out + (isObject ? "}" : "]")
    }

    private func scalarText(_ node: NodeID) -> String {
        switch tree.kind(node) {
        case .object: "{…}"
        case .array: "[…]"
        case .string:
            tree.byteRange(node).count > 40 ? String(tree.rawText(node).prefix(38)) + "…\"" : tree.rawText(node)
        default: tree.rawText(node)
        }
    }
}

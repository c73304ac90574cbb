/// `]c` / `[c`: from one error the model's own code caught to the next (compiled mode), as `]e`
/// goes from error to error.
extension ExplorerState {
    mutating func jumpToCaught(forward: Bool) {
        guard let overlay = decode.overlay, !overlay.caughtByNode.isEmpty else {
            status = StatusMessage(decode.overlay == nil ? "nothing decoded yet: Enter decodes here" : "your code caught no error")
            return
        }
        let nodes = overlay.caughtByNode.keys.sorted()
        let here = cursor.node
        let index =
            forward
            ? (nodes.firstIndex { $0 > here } ?? 0)
            : (nodes.lastIndex { $0 < here } ?? nodes.count - 1)
        reveal(nodes[index])
        cursor = Row(node: nodes[index])
        detail = .automatic
        status = StatusMessage(
            "caught error \(index + 1) of \(nodes.count)" + (nodes.count > 1 ? "   ]c next  [c previous" : ""))
    }
}

import DecodeWorker
import JSONTree
import Teaching

extension ExplorerState {
    /// The value and source views show the decoded value at the cursor, and the node view the
    /// property that read it; the value stays in the worker: after every action, ask for it when
    /// the cursor's node is not the one last asked about (the answer comes back as
    /// ``Action/valueAnswered(query:_:)``). Nothing is asked while a decode runs: its worker will
    /// answer for the verdict it brings.
    mutating func askForNodeValue() -> [Effect] {
        guard !decode.isRunning, let overlay = decode.overlay else { return [] }
        let node = cursor.node
        // The node view names the property only for a node the model read, and shows an error instead.
        if detail == .automatic, overlay.status(of: node) != .read || overlay.error(at: cursor) != nil { return [] }
        let decodeID = decode.lessonsRequestID
        if let asked = decode.nodeValue, asked.node == node, asked.decode == decodeID { return [] }
        decode.lastValueQueryID += 1
        var lookup = NodeValueLookup(node: node, decode: decodeID, query: decode.lastValueQueryID)
        guard let path = pathInDecode(of: node, root: overlay.root) else {
            lookup.answer = .notDecoded
            decode.nodeValue = lookup
            return []
        }
        decode.nodeValue = lookup
        return [.askValue(ValueQuery(id: lookup.query, path: path), decode: decodeID)]
    }

    /// `-` (levels -1) / `+` (1): the value view shows one level less or more of the value;
    /// past the deepest level, everything is open again.
    mutating func foldValue(by levels: Int) {
        guard detail == .value else {
            status = StatusMessage("-/+ fold the value view: Tab shows it")
            return
        }
        let text = cursorValue.flatMap { if case .value(let value) = $0 { value.text } else { nil } } ?? ""
        let deepest = ValueLayout.depth(of: text)
        let current = viewer.valueDepth ?? deepest
        let next = max(0, current + levels)
        viewer.valueDepth = next >= deepest ? nil : next
    }

    /// The worker's answer, kept when it is about the question asked last.
    mutating func receiveNodeValue(query: Int, _ answer: ValueQuery.Answer) {
        guard decode.nodeValue?.query == query else { return }
        decode.nodeValue?.answer = answer
    }

    /// The answer about the cursor's node for the decode on screen: nil while it is on its way.
    var cursorValue: ValueQuery.Answer? {
        guard let lookup = decode.nodeValue, lookup.node == cursor.node, lookup.decode == decode.lessonsRequestID else {
            return nil
        }
        return lookup.answer
    }

    /// A node's path from the decode root, which the worker follows through its own tree and
    /// value; nil when the node is outside the decoded part, or when its path would name another
    /// node: a member whose key repeats an earlier one (on the way) is one `JSONDecoder` skipped.
    private func pathInDecode(of node: NodeID, root: NodeID) -> NodePath? {
        guard node >= root, node < tree.subtreeEnd(root) else { return nil }
        var n = node
        while n != root {
            if tree.isDuplicateKey(n) { return nil }
            guard let parent = tree.parent(n) else { return nil }
            n = parent
        }
        return NodePath(Array(path(of: node).components.dropFirst(path(of: root).components.count)))
    }
}

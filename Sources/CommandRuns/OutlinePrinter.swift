import JSONTree

/// Prints a tree as an indented outline, folding containers below a depth into previews.
public struct OutlinePrinter {
    public let tree: JSONTree
    public let maxDepth: Int
    public var maxChildren = 20

    public init(tree: JSONTree, maxDepth: Int) {
        self.tree = tree
        self.maxDepth = maxDepth
    }

    public func lines() -> [String] {
        var out: [String] = []
        // An explicit stack (node, depth, label): no recursion on deep payloads.
        var stack: [(NodeID, Int, String)] = [(tree.root, 0, tree.isJSONLines ? "records" : "$")]
        while let (node, depth, label) = stack.popLast() {
            let indent = String(repeating: "  ", count: depth)
            let loc = tree.location(node)
            let kind = tree.kind(node)
            if kind.isContainer {
                let count = tree.childCount(node)
                let noun = kind == .object ? (count == 1 ? "key" : "keys") : (count == 1 ? "element" : "elements")
                out.append("\(indent)\(label): \(kind.name) (\(count) \(noun))  \(loc)")
                guard depth < maxDepth else { continue }
                var children: [(NodeID, Int, String)] = []
                for (k, child) in tree.children(node).enumerated() {
                    if k == maxChildren {
                        children.append((-1, depth + 1, "… \(count - maxChildren) more"))
                        break
                    }
                    let childLabel = kind == .object ? "\"" + TerminalSafeText.escape(tree.key(child) ?? "") + "\"" : "[\(k)]"
                    children.append((child, depth + 1, childLabel))
                }
                stack.append(contentsOf: children.reversed())
            } else if node < 0 {
                out.append("\(indent)\(label)")
            } else {
                var text = TerminalSafeText.escape(tree.rawText(node))
                if text.count > 60 { text = String(text.prefix(59)) + "…" }
                out.append("\(indent)\(label): \(text)  \(loc)")
            }
        }
        return out
    }
}

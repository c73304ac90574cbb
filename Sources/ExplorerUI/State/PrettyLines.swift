import JSONTree

/// Line mode of a minified payload: the document as a pretty-printer would lay it out, one
/// row per value and one per closing bracket, each row tied to its node, so the positions it
/// shows and the node it leaves for are the file's own.
///
/// Worked through: `{"a":[1,2],"b":{}}` (nodes 0 `{`, 1 `a`, 2 `1`, 3 `2`, 4 `b`) becomes
///
///     row 0  {            node 0, open     (byte 0)
///     row 1    "a": [     node 1, open     (byte 5)
///     row 2      1,       node 2           (byte 6)
///     row 3      2        node 3           (byte 8)
///     row 4    ],         node 1, close    (byte 9)
///     row 5    "b": {}    node 4 (empty: no close row)
///     row 6  }            node 0, close    (byte 17)
///
/// A row's byte (its node's start, or its container's closing bracket) grows with the row, so
/// the row of a node is a binary search; built once, in one pass, when line mode opens.
public final class PrettyLines: Hashable, Sendable {
    /// Per row: the node times two, plus one for a closing row.
    let rows: [Int]

    /// The rows of `tree` laid out pretty.
    init(_ tree: JSONTree) {
        var rows: [Int] = []
        rows.reserveCapacity(tree.nodeCount * 2)
        var open: [NodeID] = []
        for node in 0..<tree.nodeCount {
            while let last = open.last, tree.subtreeEnd(last) <= node {
                rows.append(last * 2 + 1)
                open.removeLast()
            }
            rows.append(node * 2)
            if tree.kind(node).isContainer && tree.subtreeEnd(node) > node + 1 { open.append(node) }
        }
        while let last = open.popLast() { rows.append(last * 2 + 1) }
        self.rows = rows
    }

    /// Whether a payload reads better pretty-printed than as its own lines: far fewer lines
    /// than values (a minified document, or one long line).
    static func suits(_ tree: JSONTree) -> Bool { tree.nodeCount > 1 && tree.lineCount * 4 < tree.nodeCount }

    var count: Int { rows.count }

    /// The node on a row (0-based), and whether the row is its closing bracket.
    func entry(_ row: Int) -> (node: NodeID, isClose: Bool) { (rows[row] / 2, rows[row] % 2 == 1) }

    /// The row (0-based) of a node's opening line, or of its closing bracket.
    func row(of node: NodeID, isClose: Bool = false, in tree: JSONTree) -> Int {
        row(ofOffset: isClose ? tree.byteRange(node).upperBound - 1 : tree.byteRange(node).lowerBound, in: tree)
    }

    /// The first row at or after a byte of the file (the row an issue there is drawn on).
    func row(ofOffset offset: Int, in tree: JSONTree) -> Int {
        var (low, high) = (0, rows.count)
        while low < high {
            let mid = (low + high) / 2
            if byte(of: mid, in: tree) < offset { low = mid + 1 } else { high = mid }
        }
        return min(low, rows.count - 1)
    }

    /// The row's text: its indent, key, value or bracket, and a comma when a sibling follows.
    func text(of row: Int, in tree: JSONTree) -> String {
        let (node, isClose) = entry(row)
        let kind = tree.kind(node)
        let indent = String(repeating: "  ", count: tree.depth(node))
        let comma = tree.parent(node) != nil && tree.nextSibling(node) != nil ? "," : ""
        if isClose { return indent + (kind == .object ? "}" : "]") + comma }
        var text = indent
        if let key = tree.key(node) { text += "\"\(key)\": " }
        switch kind {
        case .object: text += tree.subtreeEnd(node) > node + 1 ? "{" : "{}" + comma
        case .array: text += tree.subtreeEnd(node) > node + 1 ? "[" : "[]" + comma
        default: text += String(decoding: tree.text[tree.byteRange(node).prefix(4096)], as: UTF8.self) + comma
        }
        return text
    }

    private func byte(of row: Int, in tree: JSONTree) -> Int {
        let (node, isClose) = entry(row)
        return isClose ? tree.byteRange(node).upperBound - 1 : tree.byteRange(node).lowerBound
    }

    public static func == (a: PrettyLines, b: PrettyLines) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

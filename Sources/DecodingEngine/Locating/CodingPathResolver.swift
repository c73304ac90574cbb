import JSONTree

/// Maps coding keys to nodes of the tree, as `JSONDecoder` matches them.
///
/// Array positions are keys whose stringValue is "Index N". With `.convertFromSnakeCase`
/// the decoder matches converted payload keys (`line_items` as `lineItems`), except inside
/// `[String: T]` dictionaries, whose keys it leaves alone: a raw match is tried first.
/// Kept in one file so that it can be swapped for `NodePath` later.
struct CodingPathResolver {
    let tree: JSONTree
    let keys: DecodeOptions.KeyStrategy
    /// The last element found in each of the arrays walked most recently (a path walks one
    /// array per level: `data[5].labels[0]`), so that walking them in order stays linear.
    private var lastElements: [(array: NodeID, index: Int, node: NodeID)] = []
    private static let arraysRemembered = 8

    init(tree: JSONTree, keys: DecodeOptions.KeyStrategy) {
        self.tree = tree
        self.keys = keys
    }

    mutating func child(of node: NodeID, _ component: PathComponent) -> NodeID? {
        switch component {
        case .index(let i):
            guard tree.kind(node) == .array else { return nil }
            // From the last element found in this array when it is not past `i` (errors come in
            // document order, several in one element: 5,791 records with failing dates, each
            // located from the array's start, were 9% of a teaching run); from the start otherwise.
            let remembered = lastElements.lastIndex { $0.array == node }
            var found: NodeID
            if let r = remembered, lastElements[r].index <= i {
                found = lastElements[r].node
                for _ in lastElements[r].index..<i {
                    guard let next = tree.nextSibling(found) else { return nil }
                    found = next
                }
            } else {
                guard let first = tree.element(node, at: i) else { return nil }
                found = first
            }
            if let r = remembered, r == lastElements.count - 1 {
                lastElements[r] = (node, i, found)
            } else {
                if let r = remembered { lastElements.remove(at: r) }
                if lastElements.count == Self.arraysRemembered { lastElements.removeFirst() }
                lastElements.append((node, i, found))
            }
            return found
        case .key(let key):
            return member(of: node, key: key)
        }
    }

    /// The node a whole coding path leads to from `start`, and whether every key was found.
    mutating func resolve(_ path: [PathComponent], from start: NodeID) -> (node: NodeID, complete: Bool) {
        var node = start
        for component in path {
            guard let next = child(of: node, component) else { return (node, false) }
            node = next
        }
        return (node, true)
    }

    /// The path from the root to a node, as keys and indices written in the payload.
    static func components(to node: NodeID, in tree: JSONTree) -> [PathComponent] {
        NodePath(of: node, in: tree).codingPathComponents
    }
}

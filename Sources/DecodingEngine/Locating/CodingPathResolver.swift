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
    /// The last array element found, so that walking an array in order stays linear.
    private var lastElement: (array: NodeID, index: Int, node: NodeID)?

    init(tree: JSONTree, keys: DecodeOptions.KeyStrategy) {
        self.tree = tree
        self.keys = keys
    }

    mutating func child(of node: NodeID, _ component: PathComponent) -> NodeID? {
        switch component {
        case .index(let i):
            guard tree.kind(node) == .array else { return nil }
            if let last = lastElement, last.array == node, last.index + 1 == i {
                guard let next = tree.nextSibling(last.node) else { return nil }
                lastElement = (node, i, next)
                return next
            }
            guard let found = tree.element(node, at: i) else { return nil }
            lastElement = (node, i, found)
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

extension JSONTree {
    /// The node's kind.
    @inline(__always)
    public func kind(_ node: NodeID) -> NodeKind {
        NodeKind(rawValue: storage.kinds[node] & NodeFlags.kindMask)!
    }

    /// Which of the 64 nodes from `word * 64` are containers: bit `k` is set when node
    /// `word * 64 + k` is an object or an array. Reads the kind column directly, with no
    /// call per node: the explorer's fold-to-level sweeps every node of a 100 MB payload.
    public func containerWord(_ word: Int) -> UInt64 {
        let kinds = storage.kinds.base
        let low = word << 6
        let high = min(nodeCount, low + 64)
        var bits: UInt64 = 0
        guard low < high else { return 0 }
        for node in low..<high {
            // object is 0 and array 1: the only kinds at most 1.
            let isContainer: UInt64 = kinds[node] & NodeFlags.kindMask <= NodeKind.array.rawValue ? 1 : 0
            bits |= isContainer << UInt64(node & 63)
        }
        return bits
    }

    /// The container the node is in; nil for the root.
    @inline(__always)
    public func parent(_ node: NodeID) -> NodeID? {
        let p = storage.parents[node]
        return p == NodeTableBuilder.none ? nil : Int(p)
    }

    /// One past the last node of the node's subtree (its descendants are `node+1..<subtreeEnd`).
    @inline(__always)
    public func subtreeEnd(_ node: NodeID) -> NodeID { Int(storage.subtreeEnds[node]) }

    /// The number of nodes below this one, at every depth.
    public func descendantCount(_ node: NodeID) -> Int { subtreeEnd(node) - node - 1 }

    /// The first child of a container; nil for scalars and empty containers.
    @inline(__always)
    public func firstChild(_ node: NodeID) -> NodeID? {
        subtreeEnd(node) > node + 1 ? node + 1 : nil
    }

    /// The next node with the same parent.
    @inline(__always)
    public func nextSibling(_ node: NodeID) -> NodeID? {
        let next = subtreeEnd(node)
        guard next < nodeCount, storage.parents[next] == storage.parents[node] else { return nil }
        return next
    }

    /// The previous node with the same parent (a walk from the parent's first child).
    public func previousSibling(_ node: NodeID) -> NodeID? {
        guard let parent = parent(node), node != parent + 1 else { return nil }
        var child = parent + 1
        while let next = nextSibling(child), next != node { child = next }
        return child
    }

    /// The children of a container, in source order.
    public func children(_ node: NodeID) -> ChildSequence { ChildSequence(tree: self, parent: node) }

    /// How many children a container has (walks them: O(children)).
    public func childCount(_ node: NodeID) -> Int {
        var n = 0
        var child = firstChild(node)
        while let c = child { n += 1; child = nextSibling(c) }
        return n
    }

    /// The node's depth: 0 for the root.
    public func depth(_ node: NodeID) -> Int {
        var d = 0
        var n = node
        while let p = parent(n) { d += 1; n = p }
        return d
    }

    /// The element at `index` of an array (O(index)).
    public func element(_ node: NodeID, at index: Int) -> NodeID? {
        guard kind(node) == .array, index >= 0 else { return nil }
        var child = firstChild(node)
        var k = 0
        while let c = child {
            if k == index { return c }
            k += 1
            child = nextSibling(c)
        }
        return nil
    }

    /// The member of an object with this (unescaped) key; the first one, as JSONDecoder takes it.
    public func member(_ node: NodeID, key: String) -> NodeID? {
        guard kind(node) == .object else { return nil }
        // The key's own bytes, not a copy: a capture's reader looks up some 25 members an entry.
        var key = key
        return key.withUTF8 { wanted in
            var child = firstChild(node)
            while let c = child {
                if keyEquals(c, wanted) { return c }
                child = nextSibling(c)
            }
            return nil
        }
    }

    /// The position of a node among its parent's children.
    public func indexInParent(_ node: NodeID) -> Int? {
        guard let parent = parent(node) else { return nil }
        var k = 0
        var child = parent + 1
        while child != node {
            guard let next = nextSibling(child) else { return nil }
            child = next
            k += 1
        }
        return k
    }

    /// Whether the node is the synthetic root array of a JSON Lines payload.
    public func isSynthetic(_ node: NodeID) -> Bool { storage.kinds[node] & NodeFlags.synthetic != 0 }

    /// Whether the member's key appeared earlier in the same object.
    public func isDuplicateKey(_ node: NodeID) -> Bool { storage.kinds[node] & NodeFlags.duplicateKey != 0 }

    /// Whether the node (or its key) has an issue in ``issues``.
    public func hasIssue(_ node: NodeID) -> Bool { storage.kinds[node] & NodeFlags.hasIssue != 0 }

    /// The issues about this node.
    public func issues(of node: NodeID) -> [JSONIssue] {
        hasIssue(node) ? issues.filter { $0.node == node } : []
    }
}

/// The children of a container, walked through the sibling links.
public struct ChildSequence: Sequence {
    let tree: JSONTree
    let parent: NodeID

    public struct Iterator: IteratorProtocol {
        let tree: JSONTree
        var upcoming: NodeID?
        public mutating func next() -> NodeID? {
            guard let current = upcoming else { return nil }
            upcoming = tree.nextSibling(current)
            return current
        }
    }

    public func makeIterator() -> Iterator { Iterator(tree: tree, upcoming: tree.firstChild(parent)) }
}

extension NodePath {
    /// The node this path addresses in a tree, or why there is none.
    ///
    /// Keys are looked up as `JSONDecoder` does: the first member with the key. A bare number
    /// is an index in an array and a key in an object.
    public func resolve(in tree: JSONTree) -> Result<NodeID, ResolutionError> {
        walk(in: tree).map { $0.node }
    }

    /// The same path with every bare number settled as a key or an index for this tree.
    public func resolved(in tree: JSONTree) -> Result<NodePath, ResolutionError> {
        walk(in: tree).map { $0.path }
    }

    /// Both at once, in one walk: the node, and the path settled for this tree.
    public func settle(in tree: JSONTree) -> Result<(node: NodeID, path: NodePath), ResolutionError> {
        walk(in: tree)
    }

    /// The path of a node: keys for object members, indices for array elements.
    ///
    /// In a JSON Lines tree the record's index comes first. For a member whose key repeats
    /// one earlier in its object, the path is the key, which names the first member, as it
    /// does for `JSONDecoder`.
    public init(of node: NodeID, in tree: JSONTree) {
        self.init(of: node, in: tree, indexInParent: { tree.indexInParent($0) ?? 0 })
    }

    /// The path of a node, with array positions from `indexInParent` (a caller that asks
    /// often, like the explorer on every frame, passes a cached one: counting siblings is
    /// O(position)).
    public init(of node: NodeID, in tree: JSONTree, indexInParent: (NodeID) -> Int) {
        var reversed: [Component] = []
        var current = node
        while let parent = tree.parent(current) {
            if tree.kind(parent) == .object, let key = tree.key(current) {
                reversed.append(.key(key))
            } else {
                reversed.append(.index(indexInParent(current)))
            }
            current = parent
        }
        self.init(reversed.reversed())
    }

    private func walk(in tree: JSONTree) -> Result<(node: NodeID, path: NodePath), ResolutionError> {
        var node = tree.root
        var walked = NodePath()
        for (position, component) in components.enumerated() {
            let kind = tree.kind(node)
            func failure(_ reason: ResolutionError.Reason) -> Result<(node: NodeID, path: NodePath), ResolutionError> {
                .failure(
                    ResolutionError(
                        reason: reason, prefix: walked, node: node, failedComponent: position,
                        isJSONLinesRoot: tree.isSynthetic(node)))
            }
            switch (kind, component) {
            case (.object, .index(let n)):
                return failure(.indexInObject(n, hasKey: tree.member(node, key: String(n)) != nil))
            case (.object, _):
                let key = component.keyText ?? ""
                guard let member = tree.member(node, key: key) else {
                    let keys = tree.children(node).compactMap { tree.key($0) }
                    return failure(.noSuchKey(key, suggestions: KeySuggestions.near(key, among: keys)))
                }
                node = member
                walked.components.append(.key(key))
            case (.array, .index(let n)), (.array, .keyOrIndex(let n)):
                guard let element = tree.element(node, at: n) else {
                    return failure(.indexOutOfRange(n, count: tree.childCount(node)))
                }
                node = element
                walked.components.append(.index(n))
            case (.array, .key(let key)):
                return failure(.keyInArray(key, count: tree.childCount(node)))
            default:
                return failure(.notAContainer(kind, wanted: component))
            }
        }
        return .success((node, walked))
    }
}

import JSONTree

/// Walks a subtree of a ``JSONTree`` once, without recursion, and merges every value into
/// the ``Shape`` of its position.
struct ShapeBuilder {
    /// JSONDecoder refuses documents nested deeper than this.
    static let depthLimit = 512

    var tracksDistinctStrings: Bool

    func build(_ tree: JSONTree, at node: NodeID) throws(InferenceError) -> Shape {
        let root = Shape(path: "$")
        var pending: [(node: NodeID, shape: Shape, depth: Int)] = [(node, root, 0)]
        while let (node, shape, depth) = pending.popLast() {
            shape.total += 1
            switch tree.kind(node) {
            case .null:
                shape.nulls += 1
            case .bool:
                shape.bools += 1
            case .number:
                shape.numbers.add(tree.rawText(node))
            case .string:
                shape.strings.add(tree.stringValue(node) ?? "", tracksDistinct: tracksDistinctStrings)
            case .object:
                guard depth < Self.depthLimit else { throw .nestingTooDeep(limit: Self.depthLimit) }
                shape.objects += 1
                // JSONDecoder reads the first of repeated keys; later ones are not there for it.
                var seen = Set<String>()
                for member in tree.children(node) {
                    let key = tree.key(member) ?? ""
                    guard seen.insert(key).inserted else { continue }
                    let field = shape.field(key)
                    field.present += 1
                    pending.append((member, field.shape, depth + 1))
                }
                shape.memberTotal += seen.count
            case .array:
                guard depth < Self.depthLimit else { throw .nestingTooDeep(limit: Self.depthLimit) }
                shape.arrays += 1
                // Pushed last to first, so the first element is merged first and keys keep the
                // order in which the payload first shows them.
                let elements = Array(tree.children(node))
                if !elements.isEmpty {
                    let element = shape.elementShape()
                    for child in elements.reversed() { pending.append((child, element, depth + 1)) }
                }
            }
        }
        return root
    }
}

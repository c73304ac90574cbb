import DecodingEngine
import JSONTree
import ModelSchema

/// The model type decoded at one node, found by walking down from the decoded node along the
/// node's ancestors: as ``TypedNodes`` would say, for the cost of the node's depth, not of the
/// whole payload (the explorer asks at every step of the cursor).
enum TypeAtNode {
    static func type(at node: NodeID, context: TeachingContext) -> TypeRef? {
        let tree = context.tree
        var chain: [NodeID] = []
        var current: NodeID? = node
        while let n = current, n != context.rootNode {
            chain.append(n)
            current = tree.parent(n)
        }
        guard current == context.rootNode else { return nil }
        var type = unwrapped(context.rootType)
        var parent = context.rootNode
        for child in chain.reversed() {
            guard let next = step(from: type, parent: parent, to: child, context: context) else { return nil }
            type = unwrapped(next)
            parent = child
        }
        return type
    }

    static func unwrapped(_ type: TypeRef) -> TypeRef {
        var t = type
        while case .optional(let w) = t { t = w }
        return t
    }

    /// The declared type of `child` inside a value of `type` at `parent`.
    static func step(from type: TypeRef, parent: NodeID, to child: NodeID, context: TeachingContext) -> TypeRef? {
        let tree = context.tree
        switch type {
        case .array(let element), .set(let element): return tree.kind(parent) == .array ? element : nil
        case .dictionary(let key, let value):
            return tree.kind(parent) == .object && TypedNodes.isObjectKey(key, schema: context.schema) ? value : nil
        case .named:
            guard tree.kind(parent) == .object, let schema = context.schema.typeSchema(for: type) else { return nil }
            switch schema.decoding {
            case .keyed(let properties)?:
                return KeyMatching.property(reading: child, of: parent, among: properties, in: tree, keys: context.options.keys)?.type
            case .inherited(let superclass)?:
                return step(from: .named(qualifiedName: superclass, arguments: []), parent: parent, to: child, context: context)
            default:
                return nil
            }
        default:
            return nil
        }
    }
}

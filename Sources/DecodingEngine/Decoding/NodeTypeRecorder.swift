import JSONTree
import ModelSchema

/// Records ``NodeTypes`` as the decode goes: each container call that decodes a child notes the
/// child's entry, worked out from the call (the property it decodes, or the element or value
/// step from its container's entry) and interned, so a payload of millions of nodes costs a few
/// dictionary lookups per node. A part of a split array records its own nodes, from `base`.
final class NodeTypeRecorder {
    private(set) var distinct: [NodeTypes.Entry] = []
    private var index: [NodeTypes.Entry: Int32] = [:]
    /// Per node from `base`, its entry's index; -1 for none.
    private var ids: [Int32]
    let base: NodeID
    /// A node outside this recorder's range whose entry it knows: the split array, for a part.
    private var seed: (node: NodeID, id: Int32)?
    /// Per (container entry, step), the entry of its elements or values.
    private var children: [Int64: Int32] = [:]
    /// Per keyed plan member, its entry.
    private var members: [ObjectIdentifier: Int32] = [:]

    init(nodes: Range<NodeID>) {
        base = nodes.lowerBound
        ids = Array(repeating: -1, count: nodes.count)
    }

    func intern(_ entry: NodeTypes.Entry) -> Int32 {
        if let id = index[entry] { return id }
        let id = Int32(distinct.count)
        distinct.append(entry)
        index[entry] = id
        return id
    }

    func id(of node: NodeID?) -> Int32 {
        guard let node else { return -1 }
        if let seed, seed.node == node { return seed.id }
        let i = node - base
        return i >= 0 && i < ids.count ? ids[i] : -1
    }

    func note(_ node: NodeID?, _ id: Int32) {
        guard let node, id >= 0 else { return }
        let i = node - base
        if i >= 0, i < ids.count { ids[i] = id }
    }

    /// Knows `node`'s entry without recording it (the split array, outside a part's nodes).
    func seed(_ node: NodeID, with entry: NodeTypes.Entry?) {
        guard let entry else { return }
        seed = (node, intern(entry))
    }

    func entry(of node: NodeID?) -> NodeTypes.Entry? {
        let id = id(of: node)
        return id >= 0 ? distinct[Int(id)] : nil
    }

    /// The entry of a value declared as `type` one `step` inside the container whose entry is
    /// `parent`: the container's property and owner, its steps and this one.
    func child(of parent: Int32, _ step: NodeTypes.Step, declared type: TypeRef) -> Int32 {
        guard parent >= 0 else { return -1 }
        let key = Int64(parent) << 2 | (step == .element ? 1 : 2)
        if let known = children[key] { return known }
        let container = distinct[Int(parent)]
        let id = intern(.init(declared: type, property: container.property, owner: container.owner, steps: container.steps + [step]))
        children[key] = id
        return id
    }

    /// The entry of a keyed type's property, declared in `owner`.
    func member(_ member: KeyedPlan.Member, owner: TypeRef) -> Int32 {
        let key = ObjectIdentifier(member)
        if let known = members[key] { return known }
        let id = intern(.init(declared: member.property.type ?? member.valueType, property: member.property, owner: owner, steps: []))
        members[key] = id
        return id
    }

    /// Types the nodes inside a value `JSONDecoder` decoded as a real Swift type (`[String]`,
    /// `[String: [Date]]`), by that type's structure: it decoded them so.
    func noteInside(_ node: NodeID, tree: JSONTree) {
        let id = id(of: node)
        guard id >= 0 else { return }
        var stack: [(NodeID, Int32)] = [(node, id)]
        while let (n, id) = stack.popLast() {
            let kind = tree.kind(n)
            switch distinct[Int(id)].type {
            case .array(let element), .set(let element):
                guard kind == .array else { continue }
                let child = child(of: id, .element, declared: element)
                for c in tree.children(n) {
                    note(c, child)
                    stack.append((c, child))
                }
            case .dictionary(let key, let value):
                guard kind == .object, key == .scalar(.string) || key == .scalar(.int) else { continue }
                let child = child(of: id, .value, declared: value)
                for c in tree.children(n) {
                    note(c, child)
                    stack.append((c, child))
                }
            default:
                continue
            }
        }
    }

    /// Takes a part's entries (``DecodingContext/absorb``), each node in the part's range.
    func absorb(_ part: NodeTypeRecorder) {
        let mapped = part.distinct.map(intern)
        for (i, id) in part.ids.enumerated() where id >= 0 { note(part.base + i, mapped[Int(id)]) }
    }

    /// The table, for nodes `0..<nodeCount` (a recorder of every node).
    var table: NodeTypes { NodeTypes(distinct: distinct, ids: ids) }
}

import DecodingEngine
import JSONTree
import ModelSchema

/// Which static type the model decodes at each node, and which property the value belongs to.
///
/// A worked example: `struct Readings { let grid: [[Double]] }` over `{"grid": [[1.5, "x"]]}`
/// gives the object `Readings`; the outer array `[[Double]]` as `grid`'s value (steps `[]`);
/// the inner array `[Double]` (steps `[.element]`); `1.5` and `"x"` as `Double` (steps
/// `[.element, .element]`), all with `grid` as their property. A fix that changes the type of
/// `"x"` rewrites `grid`'s declared type along those steps.
///
/// The walk follows the schema, not the decode: it reaches nodes a first-error decode never
/// did, which is what "every date string of the payload" needs. Keys match as `JSONDecoder`
/// matches them (with `.convertFromSnakeCase`, the converted payload key). It keeps its own
/// stack, so a deeply nested payload cannot exhaust the call stack.
struct TypedNodes {
    /// One step from a property's declared type to the type of a node inside its value.
    enum Step: Hashable, Sendable {
        /// Through `Optional`.
        case wrapped
        /// An element of an array or a set.
        case element
        /// A value of a dictionary.
        case value
    }

    struct Entry: Hashable {
        /// The type decoded here, optionals removed (also at a `null`, which it fails or is nil).
        var type: TypeRef
        /// The property whose value holds this node; nil at the root and in enum payloads.
        var property: PropertySchema?
        /// The type that declares `property`.
        var owner: TypeRef?
        /// From the property's type to this node's type.
        var steps: [Step]
        /// The node is the property's value itself (not inside a collection).
        var isPropertyValue: Bool { property != nil && steps.allSatisfy { $0 == .wrapped } }
    }

    /// The distinct entries, each once (a payload of millions of nodes has a few dozen).
    private(set) var distinct: [Entry] = []
    /// Per node, its entry's index in `distinct`; -1 for a node the model does not reach.
    private var ids: [Int32]

    init(context: TeachingContext) {
        self.init(
            schema: context.schema, tree: context.tree, rootType: context.rootType,
            rootNode: context.rootNode, keys: context.options.keys)
    }

    /// Walks the payload along the schema. Entries are interned, and what an entry leads to
    /// (its unwrapped form, its elements', its properties') is worked out once per entry, not
    /// per node: the walk does a few array and integer-keyed lookups per node.
    init(schema: Schema, tree: JSONTree, rootType: TypeRef, rootNode: NodeID, keys: DecodeOptions.KeyStrategy) {
        ids = Array(repeating: -1, count: tree.nodeCount)
        var index: [Entry: Int32] = [:]
        func intern(_ entry: Entry) -> Int32 {
            if let id = index[entry] { return id }
            let id = Int32(distinct.count)
            distinct.append(entry)
            index[entry] = id
            return id
        }
        // Per declared entry: the entry with optionals removed.
        var unwrapped: [Int32: Int32] = [:]
        // Per unwrapped entry: the declared entry of its elements or values.
        var elementOf: [Int32: Int32] = [:]
        // Per unwrapped entry of a keyed type: its properties' coding keys and declared entries.
        var membersOf: [Int32: (keys: KeyMatching.Keys, entries: [Int32])] = [:]

        var stack: [(NodeID, Int32)] = [(rootNode, intern(Entry(type: rootType, property: nil, owner: nil, steps: [])))]
        while let (node, declared) = stack.popLast() {
            let id: Int32
            if let known = unwrapped[declared] {
                id = known
            } else {
                var entry = distinct[Int(declared)]
                while case .optional(let wrapped) = entry.type {
                    entry.type = wrapped
                    entry.steps.append(.wrapped)
                }
                id = intern(entry)
                unwrapped[declared] = id
            }
            if ids[node] < 0 { ids[node] = id }
            let kind = tree.kind(node)
            if kind == .null { continue }
            let entry = distinct[Int(id)]
            switch entry.type {
            case .array(let element), .set(let element):
                guard kind == .array else { continue }
                let child =
                    elementOf[id]
                    ?? intern(Entry(type: element, property: entry.property, owner: entry.owner, steps: entry.steps + [.element]))
                elementOf[id] = child
                for member in tree.children(node) { stack.append((member, child)) }
            case .dictionary(let key, let value):
                guard kind == .object, Self.isObjectKey(key, schema: schema) else { continue }
                let child =
                    elementOf[id] ?? intern(Entry(type: value, property: entry.property, owner: entry.owner, steps: entry.steps + [.value]))
                elementOf[id] = child
                for member in tree.children(node) { stack.append((member, child)) }
            case .named:
                guard kind == .object, let typeSchema = schema.typeSchema(for: entry.type) else { continue }
                switch typeSchema.decoding {
                case .keyed(let properties)?:
                    let members: (keys: KeyMatching.Keys, entries: [Int32])
                    if let known = membersOf[id] {
                        members = known
                    } else {
                        let read = properties.compactMap { p in p.codingKey.flatMap { spec in p.type.map { (spec.stringValue, p, $0) } } }
                        members = (
                            KeyMatching.Keys(read.map(\.0)),
                            read.map { intern(Entry(type: $0.2, property: $0.1, owner: entry.type, steps: [])) }
                        )
                        membersOf[id] = members
                    }
                    let found = KeyMatching.members(of: node, keys: members.keys, in: tree, keys: keys)
                    for (child, declaredChild) in zip(found, members.entries) {
                        if let child { stack.append((child, declaredChild)) }
                    }
                case .cases(let cases)?:
                    let present = cases.filter { c in
                        c.codingKey.map { Self.member(of: node, key: $0.stringValue, in: tree, keys: keys) != nil } ?? false
                    }
                    guard present.count == 1, let chosen = present.first, let key = chosen.codingKey,
                        let caseNode = Self.member(of: node, key: key.stringValue, in: tree, keys: keys),
                        tree.kind(caseNode) == .object
                    else { continue }
                    for value in chosen.associatedValues {
                        guard let spec = value.codingKey,
                            let child = Self.member(of: caseNode, key: spec.stringValue, in: tree, keys: keys)
                        else { continue }
                        stack.append((child, intern(Entry(type: value.type, property: nil, owner: entry.type, steps: []))))
                    }
                case .inherited(let superclass)?:
                    var base = entry
                    base.type = .named(qualifiedName: superclass, arguments: [])
                    stack.append((node, intern(base)))
                    ids[node] = -1
                default:
                    continue
                }
            default:
                continue
            }
        }
    }

    subscript(node: NodeID) -> Entry? {
        guard node >= 0, node < ids.count, ids[node] >= 0 else { return nil }
        return distinct[Int(ids[node])]
    }

    /// The nodes whose entry satisfies `matches`, in document order.
    private func nodes(where matches: (Entry) -> Bool) -> [NodeID] {
        let wanted = Set(distinct.indices.filter { matches(distinct[$0]) }.map(Int32.init))
        guard !wanted.isEmpty else { return [] }
        return ids.indices.filter { ids[$0] >= 0 && wanted.contains(ids[$0]) }
    }

    /// How many nodes each distinct entry types, and the first of them (-1 for none), parallel to
    /// ``distinct``: one pass over the table, for questions about every property at once.
    func census() -> (counts: [Int], first: [NodeID]) {
        var counts = [Int](repeating: 0, count: distinct.count)
        var first = [NodeID](repeating: -1, count: distinct.count)
        for node in ids.indices where ids[node] >= 0 {
            let id = Int(ids[node])
            if counts[id] == 0 { first[id] = node }
            counts[id] += 1
        }
        return (counts, first)
    }

    /// Nodes decoded as this type, in document order.
    func nodes(ofType type: TypeRef) -> [NodeID] {
        nodes { $0.type == type }
    }

    /// Nodes that are the value of this property, in document order.
    func values(of property: PropertySchema) -> [NodeID] {
        nodes { $0.property == property && $0.isPropertyValue }
    }

    /// Nodes inside this property's value at the same steps as `steps`, in document order.
    func nodes(of property: PropertySchema, steps: [Step]) -> [NodeID] {
        nodes { $0.property == property && $0.steps == steps }
    }

    /// The member of an object that a coding key with this stringValue finds.
    static func member(of node: NodeID, key: String, in tree: JSONTree, keys: DecodeOptions.KeyStrategy) -> NodeID? {
        KeyMatching.member(of: node, key: key, in: tree, keys: keys)
    }

    /// Whether a dictionary with this key type decodes from a JSON object.
    static func isObjectKey(_ key: TypeRef, schema: Schema) -> Bool {
        switch key {
        case .scalar(.string), .scalar(.int): return true
        default: return schema.typeSchema(for: key)?.isCodingKeyRepresentable ?? false
        }
    }
}

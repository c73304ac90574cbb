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

    private(set) var entries: [NodeID: Entry] = [:]

    init(context: TeachingContext) {
        self.init(schema: context.schema, tree: context.tree, rootType: context.rootType,
                  rootNode: context.rootNode, keys: context.options.keys)
    }

    init(schema: Schema, tree: JSONTree, rootType: TypeRef, rootNode: NodeID, keys: DecodeOptions.KeyStrategy) {
        var stack: [(NodeID, TypeRef, Entry)] = [(rootNode, rootType, Entry(type: rootType, property: nil, owner: nil, steps: []))]
        while let (node, declared, base) = stack.popLast() {
            var type = declared
            var entry = base
            while case .optional(let wrapped) = type {
                type = wrapped
                entry.steps.append(.wrapped)
            }
            entry.type = type
            if entries[node] == nil { entries[node] = entry }
            if tree.kind(node) == .null { continue }
            switch type {
            case .array(let element), .set(let element):
                guard tree.kind(node) == .array else { continue }
                for child in tree.children(node) {
                    stack.append((child, element, Entry(type: element, property: entry.property, owner: entry.owner, steps: entry.steps + [.element])))
                }
            case .dictionary(let key, let value):
                guard tree.kind(node) == .object, Self.isObjectKey(key, schema: schema) else { continue }
                for child in tree.children(node) {
                    stack.append((child, value, Entry(type: value, property: entry.property, owner: entry.owner, steps: entry.steps + [.value])))
                }
            case .named:
                guard tree.kind(node) == .object, let typeSchema = schema.typeSchema(for: type) else { continue }
                switch typeSchema.decoding {
                case .keyed(let properties)?:
                    for p in properties {
                        guard let spec = p.codingKey, let t = p.type,
                              let child = Self.member(of: node, key: spec.stringValue, in: tree, keys: keys) else { continue }
                        stack.append((child, t, Entry(type: t, property: p, owner: type, steps: [])))
                    }
                case .cases(let cases)?:
                    let present = cases.filter { c in c.codingKey.map { Self.member(of: node, key: $0.stringValue, in: tree, keys: keys) != nil } ?? false }
                    guard present.count == 1, let chosen = present.first, let key = chosen.codingKey,
                          let caseNode = Self.member(of: node, key: key.stringValue, in: tree, keys: keys),
                          tree.kind(caseNode) == .object else { continue }
                    for value in chosen.associatedValues {
                        guard let spec = value.codingKey,
                              let child = Self.member(of: caseNode, key: spec.stringValue, in: tree, keys: keys) else { continue }
                        stack.append((child, value.type, Entry(type: value.type, property: nil, owner: type, steps: [])))
                    }
                case .inherited(let superclass)?:
                    stack.append((node, .named(qualifiedName: superclass, arguments: []), entry))
                    entries[node] = nil
                default:
                    continue
                }
            default:
                continue
            }
        }
    }

    subscript(node: NodeID) -> Entry? { entries[node] }

    /// Nodes decoded as this type, in document order.
    func nodes(ofType type: TypeRef) -> [NodeID] {
        entries.filter { $0.value.type == type }.map(\.key).sorted()
    }

    /// Nodes that are the value of this property, in document order.
    func values(of property: PropertySchema) -> [NodeID] {
        entries.filter { $0.value.property == property && $0.value.isPropertyValue }.map(\.key).sorted()
    }

    /// Nodes inside this property's value at the same steps as `steps`, in document order.
    func nodes(of property: PropertySchema, steps: [Step]) -> [NodeID] {
        entries.filter { $0.value.property == property && $0.value.steps == steps }.map(\.key).sorted()
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

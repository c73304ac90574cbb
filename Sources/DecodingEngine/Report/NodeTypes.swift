import Foundation
import JSONTree
import ModelSchema

/// What the decode learned about each node it read: the static type it decoded the node as,
/// and the model property whose value holds the node. Recorded by the engine as it decodes
/// (``DecodeOptions/recordsNodeTypes``, or a traced decode), so it says what `JSONDecoder`
/// does: a property that is not decoded (a `let` with an initial value) types nothing, an
/// ignored member has no entry, and a first-error decode has none after its error.
///
/// A worked example: `struct Readings { let grid: [[Double]] }` over `{"grid": [[1.5, "x"]]}`
/// gives the object `Readings`; the outer array `[[Double]]` as `grid`'s value (steps `[]`);
/// the inner array `[Double]` (steps `[.element]`); `1.5` and `"x"` as `Double` (steps
/// `[.element, .element]`), all with `grid` as their property. A fix that changes the type of
/// `"x"` rewrites `grid`'s declared type along those steps.
public struct NodeTypes: Sendable, Hashable, Codable {
    /// One step from a property's declared type to the type of a node inside its value.
    public enum Step: Hashable, Sendable, Codable {
        /// Through `Optional`.
        case wrapped
        /// An element of an array or a set.
        case element
        /// A value of a dictionary.
        case value
    }

    public struct Entry: Hashable, Sendable, Codable {
        /// The type decoded here, optionals removed (also at a `null`, which it fails or is nil).
        public var type: TypeRef
        /// The property whose value holds this node; nil at the decode root and in enum payloads.
        public var property: PropertySchema?
        /// The type that declares `property` (the enum, for an associated value).
        public var owner: TypeRef?
        /// From the property's type to this node's type.
        public var steps: [Step]
        /// The node is the property's value itself (not inside a collection).
        public var isPropertyValue: Bool { property != nil && steps.allSatisfy { $0 == .wrapped } }

        /// An entry for a value declared as `declared`, its optionals removed into `steps`.
        init(declared: TypeRef, property: PropertySchema?, owner: TypeRef?, steps: [Step]) {
            var type = declared
            var steps = steps
            while case .optional(let wrapped) = type {
                type = wrapped
                steps.append(.wrapped)
            }
            self.type = type
            self.property = property
            self.owner = owner
            self.steps = steps
        }
    }

    /// The distinct entries, each once (a payload of millions of nodes has a few dozen).
    public internal(set) var distinct: [Entry] = []
    /// Per node, its entry's index in `distinct`; -1 for a node the decode did not type.
    var ids: [Int32] = []

    public init() {}

    init(distinct: [Entry], ids: [Int32]) {
        self.distinct = distinct
        self.ids = ids
    }

    public var isEmpty: Bool { distinct.isEmpty }

    public subscript(node: NodeID) -> Entry? {
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
    public func census() -> (counts: [Int], first: [NodeID]) {
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
    public func nodes(ofType type: TypeRef) -> [NodeID] {
        nodes { $0.type == type }
    }

    /// Nodes that are the value of this property, in document order.
    public func values(of property: PropertySchema) -> [NodeID] {
        nodes { $0.property == property && $0.isPropertyValue }
    }

    /// Nodes inside this property's value at the same steps as `steps`, in document order.
    public func nodes(of property: PropertySchema, steps: [Step]) -> [NodeID] {
        nodes { $0.property == property && $0.steps == steps }
    }

    /// Whether a dictionary with this key type decodes from a JSON object (`Dictionary.init(from:)`
    /// reads other keys from an array of alternating keys and values).
    public static func isObjectKey(_ key: TypeRef, schema: Schema) -> Bool {
        switch key {
        case .scalar(.string), .scalar(.int): return true
        default: return schema.typeSchema(for: key)?.isCodingKeyRepresentable ?? false
        }
    }

    private enum CodingKeys: String, CodingKey { case distinct, ids }

    /// The per-node indices cross as bytes (4 a node, a `Data`), not as an array of numbers.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        distinct = try container.decode([Entry].self, forKey: .distinct)
        let bytes = try container.decode(Data.self, forKey: .ids)
        ids = bytes.withUnsafeBytes { raw in
            (0..<bytes.count / 4).map { Int32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self)) }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(distinct, forKey: .distinct)
        var bytes = Data(capacity: ids.count * 4)
        for id in ids { withUnsafeBytes(of: id.littleEndian) { bytes.append(contentsOf: $0) } }
        try container.encode(bytes, forKey: .ids)
    }
}

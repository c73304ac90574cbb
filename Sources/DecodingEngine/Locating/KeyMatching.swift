import JSONTree
import ModelSchema

/// Which member of an object a coding key finds, by `JSONDecoder`'s rule, the one rule the
/// engine, Teaching and the explorer use: the first member in document order whose key equals
/// the coding key's `stringValue`, after `.convertFromSnakeCase` converts it when that is the
/// strategy. So in `{"node_id": 1, "nodeId": 2}`, `nodeId` finds `"node_id"` (1) under
/// `.convertFromSnakeCase`, and `"nodeId"` (2) with the default keys; `"nodeId"` is ignored in
/// the first case, `"node_id"` in the second.
public enum KeyMatching {
    /// The member of `object` that the coding key `key` finds; nil when it finds none (or
    /// `object` is not an object).
    public static func member(of object: NodeID, key: String, in tree: JSONTree, keys: DecodeOptions.KeyStrategy) -> NodeID? {
        guard tree.kind(object) == .object else { return nil }
        switch keys {
        case .useDefaultKeys:
            return tree.member(object, key: key)
        case .convertFromSnakeCase:
            return tree.children(object).first { tree.key($0).map(SnakeCase.convert) == key }
        }
    }

    /// The decoded property among `properties` (a keyed type's) that reads `child`, a member of
    /// the object `parent`: the one whose coding key finds this very member, so a later member
    /// that converts to the same key reads as no property. The one rule by which Teaching types a
    /// node and the worker finds a node's part of the decoded value.
    public static func property(
        reading child: NodeID, of parent: NodeID, among properties: [PropertySchema], in tree: JSONTree, keys: DecodeOptions.KeyStrategy
    ) -> PropertySchema? {
        properties.first { p in
            p.isDecoded && p.codingKey.map { member(of: parent, key: $0.stringValue, in: tree, keys: keys) == child } ?? false
        }
    }

    /// The key as `JSONDecoder` compares it with coding keys.
    public static func decoderKey(_ raw: String, keys: DecodeOptions.KeyStrategy) -> String {
        keys == .convertFromSnakeCase ? SnakeCase.convert(raw) : raw
    }
}

extension KeyMatching {
    /// Coding keys to look up in many objects (the keys of one model type), prepared once.
    public struct Keys: Sendable {
        let table: KeyTable

        public init(_ keys: [String]) {
            table = KeyTable(keys)
        }
    }

    /// For each key, the member of `object` it finds (``member(of:key:in:keys:)``), in one pass
    /// over the object's members comparing bytes in place: the engine's own lookup.
    public static func members(of object: NodeID, keys wanted: Keys, in tree: JSONTree, keys: DecodeOptions.KeyStrategy) -> [NodeID?] {
        CodingPathResolver(tree: tree, keys: keys).members(of: object, keys: wanted.table)
    }
}

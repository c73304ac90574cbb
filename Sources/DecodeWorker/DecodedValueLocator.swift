import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// Finds, for a node under the decode root, the Swift value decoded from it and the model
/// type and property that read it, by following the node's path through the decoded value.
///
/// It runs where the value is, in the worker (``DecodeServer`` answers each ``ValueQuery``
/// with it), so the value never crosses whole. The property that read a member is the one the
/// engine recorded (``NodeTypes``): for `{"user_name": "Ada"}` decoded as `User` under
/// `.convertFromSnakeCase`, the path `[.key("user_name")]` finds the object's field `userName`.
/// A compiled decode records no node types (the runner does not export them): there the member
/// is matched to the property whose coding key finds it, by ``KeyMatching``'s rule.
public struct DecodedValueLocator {
    let tree: JSONTree
    /// The decode root and the value decoded from it.
    let root: NodeID
    let value: DecodedValue
    let schema: Schema?
    /// What the schema engine recorded at each node; empty after a compiled decode.
    let types: NodeTypes
    let keys: DecodeOptions.KeyStrategy

    struct Found {
        var value: DecodedValue
        /// The struct or class whose property holds the value, and that property.
        var owner: TypeSchema?
        var property: PropertySchema?
    }

    init(tree: JSONTree, root: NodeID, value: DecodedValue, schema: Schema?, types: NodeTypes, keys: DecodeOptions.KeyStrategy) {
        self.tree = tree
        self.root = root
        self.value = value
        self.schema = schema
        self.types = types
        self.keys = keys
    }

    /// The answer to a query: the value at its node, bounded (``NodeValue/textLimit``).
    func answer(_ query: ValueQuery) -> ValueQuery.Answer {
        guard let found = locate(query.path) else { return .notDecoded }
        let (text, isTruncated) = found.value.swiftText(limit: NodeValue.textLimit)
        return .value(NodeValue(text: text, isTruncated: isTruncated, owner: found.owner?.qualifiedName, property: found.property?.name))
    }

    /// The value at the node `path` leads to from the decode root (the first member with a key,
    /// as for `JSONDecoder`); nil when the path leaves the payload or the value.
    func locate(_ path: NodePath) -> Found? {
        var node = root
        var found = Found(value: value)
        for component in path.components {
            let child: NodeID?
            var position = 0
            switch (tree.kind(node), component) {
            case (.array, .index(let n)):
                child = tree.element(node, at: n)
                position = n
            case (.object, .key(let key)):
                child = tree.member(node, key: key)
            default:
                return nil
            }
            guard let child, let next = self.child(of: found.value, for: child, at: position) else { return nil }
            node = child
            found = next
        }
        return found
    }

    /// The part of `value` decoded from `node`, a child of the node `value` came from
    /// (`position`: its place among its siblings, for arrays).
    private func child(of value: DecodedValue, for node: NodeID, at position: Int) -> Found? {
        switch value {
        case .array(let items):
            return items.indices.contains(position) ? Found(value: items[position]) : nil
        case .dictionary(let fields):
            guard let key = tree.key(node) else { return nil }
            return fields.first { $0.name == key }.map { Found(value: $0.value) }
        case .object(let typeName, let fields):
            guard let key = tree.key(node) else { return nil }
            let type = schema?.typeSchema(runtimeName: typeName)
            // The property that read this very member (a later member that converts to the same
            // key is ignored, not read; a property with an initial value reads nothing).
            let property =
                types.isEmpty
                ? tree.parent(node).flatMap { parent in
                    type.flatMap { KeyMatching.property(reading: node, of: parent, among: $0.properties, in: tree, keys: keys) }
                }
                : types[node].flatMap { $0.isPropertyValue ? $0.property : nil }
            guard property != nil || type == nil else { return nil }
            let name = property?.name ?? key
            return fields.first { $0.name == name }.map { Found(value: $0.value, owner: type, property: property) }
        case .enumCase(_, let values):
            guard let key = tree.key(node) else { return nil }
            return values.first { $0.name == key }.map { Found(value: $0.value) }
        default:
            return nil
        }
    }
}

extension DecodedValue {
    /// The value as Swift prints it, roughly (`Product(name: "Soap", price: 4.5)`), cut at
    /// `limit` characters, and whether it was cut.
    func swiftText(limit: Int) -> (text: String, isTruncated: Bool) {
        var out = ""
        write(into: &out, limit: limit)
        return out.count > limit ? (String(out.prefix(limit)), true) : (out, false)
    }

    private func write(into out: inout String, limit: Int) {
        guard out.count <= limit else { return }
        switch self {
        case .null: out += "nil"
        case .bool(let b): out += b ? "true" : "false"
        case .string(let s): out += "\"" + s + "\""
        case .signed(let v): out += String(v)
        case .unsigned(let v): out += String(v)
        case .floating(_, let description): out += description
        case .decimal(let d): out += d.description
        case .date(let d): out += d.description
        case .data(let d): out += "\(d.count) bytes"
        case .url(let u): out += u.absoluteString
        case .uuid(let u): out += u.uuidString
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                item.write(into: &out, limit: limit)
                if out.count > limit { break }
            }
            out += "]"
        case .dictionary(let fields):
            out += fields.isEmpty ? "[:]" : "["
            for (i, field) in fields.enumerated() {
                if i > 0 { out += ", " }
                out += "\"\(field.name)\": "
                field.value.write(into: &out, limit: limit)
                if out.count > limit { break }
            }
            if !fields.isEmpty { out += "]" }
        case .object(let type, let fields):
            out += type + "("
            for (i, field) in fields.enumerated() {
                if i > 0 { out += ", " }
                out += field.name + ": "
                field.value.write(into: &out, limit: limit)
                if out.count > limit { break }
            }
            out += ")"
        case .rawValueCase(let name, _): out += "." + name
        case .enumCase(let name, let values):
            out += "." + name
            if !values.isEmpty {
                out += "("
                for (i, field) in values.enumerated() {
                    if i > 0 { out += ", " }
                    if !field.name.hasPrefix("_") { out += field.name + ": " }
                    field.value.write(into: &out, limit: limit)
                }
                out += ")"
            }
        }
    }
}

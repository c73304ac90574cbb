import DecodingEngine
import JSONTree
import ModelSchema

/// Finds, for a node under the decode root, the Swift value decoded from it and the model
/// type and property that read it, by following the node's path through the decoded value.
struct DecodedValueLocator {
    let tree: JSONTree
    let overlay: DecodeOverlay
    let schema: Schema?
    let convertsSnakeCase: Bool
    /// A node's position among its siblings.
    let position: (NodeID) -> Int

    struct Found {
        var value: DecodedValue
        /// The struct or class whose property holds the value, and that property.
        var owner: TypeSchema?
        var property: PropertySchema?
    }

    func locate(_ node: NodeID) -> Found? {
        guard let root = overlay.report.value else { return nil }
        // The nodes from the decode root down to `node`.
        var chain: [NodeID] = []
        var n = node
        while n != overlay.root {
            chain.append(n)
            guard let p = tree.parent(n) else { return nil }
            n = p
        }
        var found = Found(value: root)
        for step in chain.reversed() {
            guard let next = child(of: found.value, for: step) else { return nil }
            found = next
        }
        return found
    }

    private func child(of value: DecodedValue, for node: NodeID) -> Found? {
        switch value {
        case .array(let items):
            let index = position(node)
            return items.indices.contains(index) ? Found(value: items[index]) : nil
        case .dictionary(let fields):
            guard let key = tree.key(node) else { return nil }
            return fields.first { $0.name == key }.map { Found(value: $0.value) }
        case .object(let typeName, let fields):
            guard let key = tree.key(node) else { return nil }
            let type = typeSchema(named: typeName)
            // The property whose coding key finds this very member (Foundation's rule: a later
            // member that converts to the same key is ignored, not read).
            let parent = tree.parent(node)
            let property = type?.decodedProperties.first { property in
                let wanted = property.codingKey?.stringValue ?? property.name
                return parent.flatMap {
                    KeyMatching.member(of: $0, key: wanted, in: tree, keys: convertsSnakeCase ? .convertFromSnakeCase : .useDefaultKeys)
                } == node
            }
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

    func typeSchema(named name: String) -> TypeSchema? {
        guard let schema else { return nil }
        let bare = name.split(separator: "<").first.map(String.init) ?? name
        return schema.types[bare] ?? schema.types.values.first { $0.name == bare || $0.qualifiedName.hasSuffix("." + bare) }
    }
}

extension DecodedValue {
    /// The value as Swift prints it, roughly: `Product(name: "Soap", price: 4.5)`.
    func swiftText(limit: Int = 2_000) -> String {
        var out = ""
        write(into: &out, limit: limit)
        return out.count > limit ? String(out.prefix(limit)) + "…" : out
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

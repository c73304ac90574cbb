import DecodingEngine
import JSONTree
import ModelSchema

/// Compiled mode's "always nil" warnings (``DecodeWarning/Reason/alwaysNil(property:owner:key:sentAs:)``),
/// read from the value the model's own code decoded (the runner's), at parity with schema mode's
/// ``PlausibilityCheck``: an optional property that is nil in every value of its type, while the
/// objects it was decoded from send a key of a near spelling (`base_url` for `baseURL`).
///
/// Only what is known is claimed. The key a property reads is the one its type's code names in
/// the source: a hand-written `init(from:)`'s `decode`/`decodeIfPresent(_:forKey: .case)` on its
/// own keyed container that assigns the property (the case's `stringValue`), or a synthesized
/// type's coding key. The value is tied to the payload's objects by those same keys, from the
/// decode root down (arrays element by element when no element was dropped, dictionaries by key):
/// a value reached any other way (a nested container, a key computed at run time, a wrapper) is
/// tied to no object, and no warning is given about it. A property nil because its key was sent as
/// null is not "never sent", and gets none.
public struct DecodedNilCheck {
    let schema: Schema
    let tree: JSONTree
    let keys: DecodeOptions.KeyStrategy

    /// What the source says a type's code reads: for each property, the key; the optional
    /// properties, in the order the source reads them; and every key its key enum (or CodingKeys)
    /// declares.
    struct Reading {
        var keyOf: [String: String] = [:]
        var optional: [String] = []
        var declared: Set<String> = []
    }

    public init(schema: Schema, tree: JSONTree, keys: DecodeOptions.KeyStrategy) {
        self.schema = schema
        self.tree = tree
        self.keys = keys
    }

    /// Whether a warning is possible at all, without the value: some optional property's key has a
    /// near spelling among the keys of the payload under `root`. Compiled mode decodes again for
    /// the value only when it is.
    public func mayWarn(root: NodeID) -> Bool {
        var candidates: [(key: String, taken: Set<String>)] = []
        for type in schema.types.values {
            guard let reading = reading(of: type) else { continue }
            for property in reading.optional { if let key = reading.keyOf[property] { candidates.append((key, reading.declared)) } }
        }
        guard !candidates.isEmpty else { return false }
        var sent: [String] = []
        var seen = Set<String>()
        for node in root..<tree.subtreeEnd(root) {
            if let key = tree.key(node), seen.insert(key).inserted { sent.append(key) }
        }
        return candidates.contains { key, taken in
            !NearMissKeys.find(key, among: sent, taken: taken.subtracting([key]), strategy: keys).isEmpty
        }
    }

    /// The warnings for the value decoded at `root`, one per property, in the order the value
    /// first holds its type.
    public func warnings(value: DecodedValue, root: NodeID) -> [DecodeWarning] {
        // Every value of each type, anywhere in the value: "always nil" is about all of them.
        var nonNil: [String: Set<String>] = [:]
        var order: [String] = []
        Self.visitObjects(value) { type, fields in
            if nonNil[type] == nil { order.append(type) }
            nonNil[type, default: []].formUnion(fields.filter { $0.value != .null }.map(\.name))
        }
        // The objects of the payload the values of each type were decoded from, where known.
        var objects: [String: [NodeID]] = [:]
        var readings: [String: Reading?] = [:]
        tie(value, to: root, objects: &objects, readings: &readings)

        var result: [DecodeWarning] = []
        for type in order {
            guard let nodes = objects[type], !nodes.isEmpty, let reading = readings[type] ?? nil else { continue }
            var sent: [String] = []
            var seen = Set<String>()
            for object in nodes {
                for member in tree.children(object) { if let key = tree.key(member), seen.insert(key).inserted { sent.append(key) } }
            }
            for property in reading.optional where !(nonNil[type]?.contains(property) ?? false) {
                guard let key = reading.keyOf[property],
                    let miss = NearMissKeys.find(key, among: sent, taken: reading.declared.subtracting([key]), strategy: keys).first
                else { continue }
                let sending = nodes.filter { object in
                    member(of: object, key: key) == nil && tree.children(object).contains { tree.key($0) == miss.raw }
                }
                guard let first = sending.first else { continue }
                result.append(
                    DecodeWarning(
                        reason: .alwaysNil(property: property, owner: type, key: key, sentAs: miss.raw),
                        node: first, path: NodePath(of: first, in: tree).description, location: tree.location(first),
                        count: sending.count))
            }
        }
        return result
    }

    /// What the source says `type`'s code reads; nil for a type whose properties' keys it does not say.
    func reading(of type: TypeSchema) -> Reading? {
        if let initializer = schema.handWrittenInit(of: type.qualifiedName) {
            var reading = Reading()
            var calls: [String: Int] = [:]
            for call in initializer.calls { if let property = call.property { calls[property, default: 0] += 1 } }
            for call in initializer.calls {
                guard let property = call.property, calls[property] == 1, ["decode", "decodeIfPresent"].contains(call.method),
                    call.receiver == .keyed, call.depth == 0, let keyCase = call.keyCase, let keyEnum = call.keyEnum,
                    let cases = initializer.keyEnums[keyEnum], let key = cases[keyCase]
                else { continue }
                reading.keyOf[property] = key
                reading.declared.formUnion(cases.values)
                if let declared = initializer.properties[property], WrittenType(declared.typeText).isOptional {
                    reading.optional.append(property)
                }
            }
            return reading
        }
        guard case .keyed(let properties)? = type.decoding else { return nil }
        var reading = Reading()
        for property in properties {
            guard let key = property.codingKey?.stringValue else { continue }
            reading.keyOf[property.name] = key
            reading.declared.insert(key)
            if property.usesDecodeIfPresent { reading.optional.append(property.name) }
        }
        return reading
    }

    /// Ties each struct or class value to the object it was decoded from, following only the keys
    /// the source says each property reads.
    private func tie(
        _ value: DecodedValue, to node: NodeID, objects: inout [String: [NodeID]], readings: inout [String: Reading?]
    ) {
        switch value {
        case .object(let type, let fields):
            guard tree.kind(node) == .object else { return }
            if readings[type] == nil { readings[type] = schema.typeSchema(runtimeName: type).flatMap(reading(of:)) }
            guard let reading = readings[type] ?? nil else { return }
            objects[type, default: []].append(node)
            for field in fields {
                guard let key = reading.keyOf[field.name], let child = member(of: node, key: key) else { continue }
                tie(field.value, to: child, objects: &objects, readings: &readings)
            }
        case .array(let elements):
            // A lossy array drops elements: then the places no longer say which object is which.
            guard tree.kind(node) == .array, tree.childCount(node) == elements.count else { return }
            for (element, child) in zip(elements, tree.children(node)) { tie(element, to: child, objects: &objects, readings: &readings) }
        case .dictionary(let fields):
            guard tree.kind(node) == .object else { return }
            for field in fields {
                guard let child = member(of: node, key: field.name) else { continue }
                tie(field.value, to: child, objects: &objects, readings: &readings)
            }
        default:
            return
        }
    }

    /// The member of `object` the decoder finds for `key`, under the key strategy (the first, as
    /// JSONDecoder reads it).
    func member(of object: NodeID, key: String) -> NodeID? {
        tree.children(object).first { member in
            guard let raw = tree.key(member) else { return false }
            return (keys == .convertFromSnakeCase ? SnakeCase.convert(raw) : raw) == key
        }
    }

    /// Every struct or class value inside `value`, with its type's name and its fields.
    static func visitObjects(_ value: DecodedValue, _ visit: (String, [DecodedValue.Field]) -> Void) {
        switch value {
        case .object(let type, let fields):
            visit(type, fields)
            for field in fields { visitObjects(field.value, visit) }
        case .array(let elements): for element in elements { visitObjects(element, visit) }
        case .dictionary(let fields), .enumCase(_, let fields): for field in fields { visitObjects(field.value, visit) }
        case .rawValueCase(_, let raw): visitObjects(raw, visit)
        default: return
        }
    }
}

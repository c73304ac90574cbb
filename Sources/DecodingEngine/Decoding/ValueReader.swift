import Foundation
import JSONTree
import ModelSchema

/// The body of `DynamicValue.init(from:)`: one decoder, positioned at one node.
struct ValueReader {
    let decoder: any Decoder
    let context: DecodingContext
    let node: NodeID?
    /// The length of the coding path of the containers this reader makes.
    let depth: Int

    func read(_ type: TypeRef) throws -> DecodedValue {
        switch type {
        case .optional(let wrapped):
            // Optional.init(from:): a single-value container, decodeNil, then the wrapped type.
            let container = try traced("singleValueContainer()", node: node, { _ in "SingleValueDecodingContainer" }) {
                try decoder.singleValueContainer()
            }
            if traced("decodeNil()", node: node, { String($0) }, { container.decodeNil() }) { return .null }
            var slot = SingleValueSlot(container: container)
            return try attempt(child: node, type: wrapped) {
                try decodeChild(wrapped, in: &slot, context: context, at: .node(node, depth: depth))
            }
        case .array(let element), .set(let element):
            return try readSequence(of: element)
        case .dictionary(let key, let value):
            if key == .scalar(.int), context.options.allErrors { return try readIntKeyed(value: value) }
            if case .scalar(let s) = key, s == .string || s == .int {
                var slot = SingleValueSlot(container: try decoder.singleValueContainer())
                return try decodeChild(type, in: &slot, context: context)
            }
            return try readDictionary(key: key, value: value)
        case .named(let name, _):
            guard let named = context.named(type) else { throw EngineFailure.notDecodable(name) }
            return try readNamed(type, named: named)
        case .scalar:
            var slot = SingleValueSlot(container: try decoder.singleValueContainer())
            return try decodeChild(type, in: &slot, context: context)
        case .genericParameter(let p):
            throw EngineFailure.notDecodable(p)
        }
    }

    /// Runs one container call; if it throws, records it as the error's origin (innermost wins),
    /// with the model property it decodes (`member`), if any.
    func attempt<R>(child: NodeID?, type: TypeRef, member: KeyedPlan.Member? = nil, _ body: () throws -> R) throws -> R {
        do {
            let result = try body()
            context.markRead(child, as: type)
            return result
        } catch {
            context.noteOrigin(.init(container: node, child: child, type: type, property: member?.property))
            throw error
        }
    }

    /// `Array.init(from:)` and `Set.init(from:)`: an unkeyed container, `decode(Element.self)` until the end.
    func readSequence(of element: TypeRef) throws -> DecodedValue {
        if let split = context.split, node == split.node { return try readSplit(split, of: element) }
        var container = try traced("unkeyedContainer()", node: node, { _ in "UnkeyedDecodingContainer" }) {
            try decoder.unkeyedContainer()
        }
        return .array(try readElements(element, from: &container, first: context.firstElement(of: node)))
    }

    /// The rest of an unkeyed container's elements, the first of them at node `first`.
    func readElements(
        _ element: TypeRef, from container: inout any UnkeyedDecodingContainer, first: NodeID?
    ) throws
        -> [DecodedValue]
    {
        var items: [DecodedValue] = []
        // The elements in order: each node is the one after the last, no search from the start.
        var child = first
        while !container.isAtEnd {
            items.append(try decodeElement(element, from: &container, child: child))
            child = context.nextSibling(of: child)
        }
        return items
    }

    /// Walks to the node of a key path with nested containers, then decodes the type there,
    /// so every coding path starts at the document root. It makes the calls of the snippet
    /// `NodePath.swiftCode(decoding:)` shows (keys of type `AnyKey`, `Skip` past elements), so
    /// a walk that fails fails as that code would.
    func walk(_ steps: [PathComponent], then type: TypeRef) throws -> DecodedValue {
        guard let last = steps.last else { return try read(type) }
        let snakeCase = context.options.keys == .convertFromSnakeCase
        let key = { (raw: String) in
            CodingKeys(stringValue: snakeCase ? SnakeCase.convert(raw) : raw, intValue: nil, typeName: "AnyKey")
        }
        let container = try PathContainer.open(steps.dropLast(), from: decoder, toward: last, key: key)
        let target = steps.reduce(node) { context.child(of: $0, $1) }
        if let types = context.types { types.note(target, types.intern(.init(declared: type, property: nil, owner: nil, steps: []))) }
        switch (container, last) {
        case (.keyed(let keyed), .key(let raw)):
            var slot = KeyedSlot(container: keyed, key: key(raw), ifPresent: false)
            return try attempt(child: target, type: type) { try decodeChild(type, in: &slot, context: context) }
        case (.unkeyed(var unkeyed), .index(let n)):
            try PathContainer.skip(&unkeyed, to: n)
            var slot = UnkeyedSlot(container: unkeyed)
            return try attempt(child: target, type: type) { try decodeChild(type, in: &slot, context: context) }
        default:
            throw EngineFailure.pathMismatch(last.description)
        }
    }
}

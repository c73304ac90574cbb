import Foundation
import JSONTree
import ModelSchema

extension ValueReader {
    /// `Dictionary.init(from:)` for keys other than `String` and `Int`: a keyed container for
    /// `CodingKeyRepresentable` keys, otherwise an array of alternating keys and values.
    func readDictionary(key: TypeRef, value: TypeRef) throws -> DecodedValue {
        if let keySchema = context.schema.typeSchema(for: key), keySchema.isCodingKeyRepresentable,
            case .rawValue(_, let cases)? = keySchema.decoding
        {
            return try readRepresentableKeyed(key: key, cases: cases, value: value)
        }
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count % 2 != 0 {
            context.noteOrigin(.init(container: node, child: node, type: .dictionary(key: key, value: value)))
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "Expected collection of key-value pairs; encountered odd-length array instead."))
        }
        var fields: [DecodedValue.Field] = []
        while !container.isAtEnd {
            var slot = UnkeyedSlot(container: container)
            let keyChild = context.child(of: node, .index(container.currentIndex))
            let k = try attempt(child: keyChild, type: key) { try decodeChild(key, in: &slot, context: context) }
            container = slot.container
            guard !container.isAtEnd else {
                context.noteOrigin(.init(container: node, child: node, type: .dictionary(key: key, value: value)))
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "Unkeyed container reached end before value in key-value pair."))
            }
            let v = try decodeElement(
                value, from: &container, child: context.child(of: node, .index(container.currentIndex)), step: .value)
            fields.append(.init(Self.text(of: Self.unwrappedRaw(k)), v))
        }
        return .dictionary(fields)
    }

    /// `Dictionary.init(from:)` for a `CodingKeyRepresentable` raw-value enum key: each payload
    /// key converts through `init(codingKey:)` (a String raw value from the key's text, an Int
    /// one from its `intValue`), else "Could not convert key"; all-errors mode records that and
    /// goes on to the next key.
    private func readRepresentableKeyed(key: TypeRef, cases: [EnumCaseSchema], value: TypeRef) throws -> DecodedValue {
        let container = try decoder.container(keyedBy: DictionaryCodingKey.self)
        var entries = DictionaryEntries()
        for codingKey in container.allKeys {
            let child = context.child(of: node, .key(codingKey.stringValue))
            let converted = cases.lazy.compactMap { c -> DecodedValue? in
                switch c.rawValue {
                case .string(let s)? where s == codingKey.stringValue: .string(s)
                case .integer(let i)? where codingKey.intValue == i: .signed(Int64(i))
                default: nil
                }
            }.first
            guard let converted else {
                try recordOrThrow(
                    DecodingError.dataCorruptedError(
                        forKey: codingKey, in: container,
                        debugDescription: "Could not convert key to type \(key.description)"),
                    child: child, type: key)
                continue
            }
            entries.set(Self.text(of: converted), try decodeDictionaryValue(value, forKey: codingKey, in: container, child: child))
        }
        return .dictionary(entries.fields)
    }

    /// `Dictionary<Int, Value>.init(from:)` in all-errors mode (first-error mode runs the real
    /// one): a key whose text is not an `Int` is a typeMismatch of its own, and the keys after
    /// it are read too. Keys come in `allKeys` order, as there.
    func readIntKeyed(value: TypeRef) throws -> DecodedValue {
        let container = try traced(
            "container(keyedBy: _DictionaryCodingKey.self)", node: node,
            { _ in "KeyedDecodingContainer<_DictionaryCodingKey>" }
        ) {
            try decoder.container(keyedBy: DictionaryCodingKey.self)
        }
        var entries = DictionaryEntries()
        for codingKey in container.allKeys {
            let child = context.child(of: node, .key(codingKey.stringValue))
            guard let int = codingKey.intValue else {
                var codingPath = decoder.codingPath
                codingPath.append(codingKey)
                try recordOrThrow(
                    DecodingError.typeMismatch(
                        Int.self,
                        .init(
                            codingPath: codingPath, debugDescription: "Expected Int key but found String key instead.")),
                    child: child, type: .scalar(.int))
                continue
            }
            entries.set(String(int), try decodeDictionaryValue(value, forKey: codingKey, in: container, child: child))
        }
        return .dictionary(entries.fields)
    }

    /// `container.decode(Value.self, forKey: key)`, as generic `Dictionary.init(from:)` calls it.
    private func decodeDictionaryValue(
        _ type: TypeRef, forKey key: DictionaryCodingKey,
        in container: KeyedDecodingContainer<DictionaryCodingKey>,
        child: NodeID?
    ) throws -> DecodedValue {
        var slot = KeyedSlot(container: container, key: key, ifPresent: false, usesScalarOverloads: false)
        if let types = context.types { types.note(child, types.child(of: types.id(of: node), .value, declared: type)) }
        return try decodeValue(child: child, type: type) {
            try traced("decode(\(type.swiftSpelling).self, forKey: .\(key.stringValue))", node: child, { $0.json }) {
                try decodeChild(type, in: &slot, context: context, at: .node(child, depth: depth + 1))
            }
        }
    }

    /// An error the dictionary itself throws: recorded in all-errors mode, thrown otherwise.
    private func recordOrThrow(_ error: DecodingError, child: NodeID?, type: TypeRef) throws {
        context.noteOrigin(.init(container: node, child: child, type: type))
        guard let recorded = context.recoverable(error) else { throw error }
        context.record(recorded)
    }

    static func unwrappedRaw(_ value: DecodedValue) -> DecodedValue {
        if case .rawValueCase(_, let raw) = value { return raw }
        return value
    }
}

/// The entries of a decoded dictionary: like the real `Dictionary`, a key that comes twice
/// (`"1"` and `"01"` as `Int` keys) keeps the value read last.
private struct DictionaryEntries {
    private(set) var fields: [DecodedValue.Field] = []
    private var positions: [String: Int] = [:]

    mutating func set(_ name: String, _ value: DecodedValue) {
        if let position = positions[name] {
            fields[position].value = value
        } else {
            positions[name] = fields.count
            fields.append(.init(name, value))
        }
    }
}

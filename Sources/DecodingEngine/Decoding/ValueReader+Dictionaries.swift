import Foundation
import JSONTree
import ModelSchema

extension ValueReader {
    /// `Dictionary.init(from:)` for keys other than `String` and `Int`: a keyed container for
    /// `CodingKeyRepresentable` keys, otherwise an array of alternating keys and values.
    func readDictionary(key: TypeRef, value: TypeRef) throws -> DecodedValue {
        if let keySchema = context.schema.typeSchema(for: key), keySchema.isCodingKeyRepresentable,
           case .rawValue(_, let cases)? = keySchema.decoding {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            var fields: [DecodedValue.Field] = []
            for codingKey in container.allKeys {
                let matches = cases.contains { c in
                    switch c.rawValue {
                    case .string(let s)?: s == codingKey.stringValue
                    case .integer(let i)?: codingKey.intValue == i
                    default: false
                    }
                }
                guard matches else {
                    context.noteOrigin(.init(container: node, child: context.child(of: node, .key(codingKey.stringValue)), type: key))
                    throw DecodingError.dataCorruptedError(forKey: codingKey, in: container,
                                                           debugDescription: "Could not convert key to type \(key.description)")
                }
                let spec = CodingKeySpec(stringValue: codingKey.stringValue, intValue: codingKey.intValue)
                fields.append(.init(codingKey.stringValue, try decodeMember(
                    value, key: spec, keyTypeName: "_DictionaryCodingKey", ifPresent: false, in: container,
                    child: context.child(of: node, .key(codingKey.stringValue)), member: nil)))
            }
            return .dictionary(fields)
        }
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count % 2 != 0 {
            context.noteOrigin(.init(container: node, child: node, type: .dictionary(key: key, value: value)))
            throw DecodingError.dataCorrupted(.init(
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
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "Unkeyed container reached end before value in key-value pair."))
            }
            let v = try decodeElement(value, from: &container, child: context.child(of: node, .index(container.currentIndex)))
            fields.append(.init(Self.text(of: Self.unwrappedRaw(k)), v))
        }
        return .dictionary(fields)
    }

    static func unwrappedRaw(_ value: DecodedValue) -> DecodedValue {
        if case .rawValueCase(_, let raw) = value { return raw }
        return value
    }
}

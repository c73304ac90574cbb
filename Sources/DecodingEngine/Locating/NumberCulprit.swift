import JSONTree
import ModelSchema

/// Finds the number that made Foundation fail with "The given data was not valid JSON."
/// and an empty coding path: the first one, in document order, that does not fit the type
/// the model reads it as (`300` into `UInt8`, `1.5` into `Int`, `1e400` into `Double`).
public struct NumberCulprit {
    let tree: JSONTree
    var resolver: CodingPathResolver
    let schema: Schema

    mutating func find(in node: NodeID, type: TypeRef) -> (node: NodeID, explanation: String)? {
        switch type {
        case .scalar(let s):
            return check(node, as: s)
        case .optional(let wrapped):
            return tree.kind(node) == .null ? nil : find(in: node, type: wrapped)
        case .array(let element), .set(let element):
            for child in tree.children(node) { if let found = find(in: child, type: element) { return found } }
            return nil
        case .dictionary(_, let value):
            for child in tree.children(node) { if let found = find(in: child, type: value) { return found } }
            return nil
        case .named:
            guard case .keyed(let properties)? = schema.typeSchema(for: type)?.decoding else { return nil }
            for p in properties {
                guard let key = p.codingKey, let t = p.type, let child = resolver.child(of: node, .key(key.stringValue)) else { continue }
                if let found = find(in: child, type: t) { return found }
            }
            return nil
        case .genericParameter:
            return nil
        }
    }

    private func check(_ node: NodeID, as scalar: ScalarType) -> (node: NodeID, explanation: String)? {
        Self.check(node, as: scalar, in: tree)
    }

    /// Why the number at `node` does not fit `scalar` (`1.5` into `Int`), or nil when it fits or is no number.
    public static func check(_ node: NodeID, as scalar: ScalarType, in tree: JSONTree) -> (node: NodeID, explanation: String)? {
        guard let number = tree.number(node) else { return nil }
        let failure: JSONNumber.ConversionError?
        let range: String
        switch scalar {
        case .int: (failure, range) = Self.integer(number, Int.self)
        case .int8: (failure, range) = Self.integer(number, Int8.self)
        case .int16: (failure, range) = Self.integer(number, Int16.self)
        case .int32: (failure, range) = Self.integer(number, Int32.self)
        case .int64: (failure, range) = Self.integer(number, Int64.self)
        case .uint: (failure, range) = Self.integer(number, UInt.self)
        case .uint8: (failure, range) = Self.integer(number, UInt8.self)
        case .uint16: (failure, range) = Self.integer(number, UInt16.self)
        case .uint32: (failure, range) = Self.integer(number, UInt32.self)
        case .uint64: (failure, range) = Self.integer(number, UInt64.self)
        case .float:
            if case .failure(let e) = number.float { failure = e } else { failure = nil }
            range = "Float"
        default:
            if case .failure(let e) = number.double { failure = e } else { failure = nil }
            range = "Double"
        }
        guard let failure else { return nil }
        let text = number.text
        switch failure {
        case .fraction:
            return (node, "\(text) has a fractional part; \(scalar.swiftName) holds whole numbers only")
        case .overflow:
            return (node, "\(text) does not fit in \(scalar.swiftName) (\(range))")
        case .notANumber:
            return (node, "\(text) is not a number \(scalar.swiftName) can read")
        }
    }

    private static func integer<T: FixedWidthInteger>(_ n: JSONNumber, _: T.Type) -> (JSONNumber.ConversionError?, String) {
        let range = "\(T.min)...\(T.max)"
        if case .failure(let e) = n.integer(as: T.self) { return (e, range) }
        return (nil, range)
    }
}

import JSONTree
import ModelSchema

/// The rules of ``HelperSource/losslessValue``, applied to a payload node: which text the
/// wrapper reads from the value, and whether the wrapped type's `init(_: String)` accepts it.
///
/// The conversions are the Swift standard library's own (`Double("189.84")`, `Int("52164530")`),
/// the ones the wrapper calls. A value that decodes as the type itself never gets here: it was
/// not an error.
enum LosslessSemantics {
    /// Whether the wrapper can hold this scalar type (it must be `LosslessStringConvertible`).
    static func supports(_ scalar: ScalarType) -> Bool {
        switch scalar {
        case .string, .bool, .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64, .float, .double: true
        default: false
        }
    }

    /// Whether `LosslessValue<scalar>` decodes this node.
    static func accepts(_ node: NodeID, in tree: JSONTree, as scalar: ScalarType) -> Bool {
        guard var text = self.text(of: node, in: tree) else { return false }
        if scalar == .bool, let word = ["1": "true", "0": "false"][text] { text = word }
        switch scalar {
        case .string: return true
        case .bool: return Bool(text) != nil
        case .int: return Int(text) != nil
        case .int8: return Int8(text) != nil
        case .int16: return Int16(text) != nil
        case .int32: return Int32(text) != nil
        case .int64: return Int64(text) != nil
        case .uint: return UInt(text) != nil
        case .uint8: return UInt8(text) != nil
        case .uint16: return UInt16(text) != nil
        case .uint32: return UInt32(text) != nil
        case .uint64: return UInt64(text) != nil
        case .float: return Float(text) != nil
        case .double: return Double(text) != nil
        default: return false
        }
    }

    /// The value `LosslessValue<scalar>` holds for this node, as Swift's `description` prints it
    /// (`0` for `"00000"`); nil when it does not decode.
    static func converted(_ node: NodeID, in tree: JSONTree, as scalar: ScalarType) -> String? {
        guard var text = self.text(of: node, in: tree) else { return nil }
        if scalar == .bool, let word = ["1": "true", "0": "false"][text] { text = word }
        let value: (any CustomStringConvertible)? =
            switch scalar {
            case .string: text
            case .bool: Bool(text)
            case .int: Int(text)
            case .int8: Int8(text)
            case .int16: Int16(text)
            case .int32: Int32(text)
            case .int64: Int64(text)
            case .uint: UInt(text)
            case .uint8: UInt8(text)
            case .uint16: UInt16(text)
            case .uint32: UInt32(text)
            case .uint64: UInt64(text)
            case .float: Float(text)
            case .double: Double(text)
            default: nil
            }
        return value.map(\.description)
    }

    /// The text the wrapper converts: a string as it is, a boolean as `true`/`false`, a number
    /// as `Int64` prints it, else as `Double` prints it; nil for null, objects and arrays.
    static func text(of node: NodeID, in tree: JSONTree) -> String? {
        switch tree.kind(node) {
        case .string: return tree.stringValue(node)
        case .bool: return tree.boolValue(node).map { String($0) }
        case .number:
            guard let number = tree.number(node) else { return nil }
            if case .success(let i) = number.integer(as: Int64.self) { return String(i) }
            if case .success(let d) = number.double { return String(d) }
            return nil
        default: return nil
        }
    }
}

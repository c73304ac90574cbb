import Foundation

/// The decoded value as the runner read it with `Mirror` (any type works); the worker turns it
/// into the explorer's `DecodedValue`.
public indirect enum RunnerValue: Codable, Sendable, Hashable {
    public struct Field: Codable, Sendable, Hashable {
        public var name: String
        public var value: RunnerValue

        public init(name: String, value: RunnerValue) {
            self.name = name
            self.value = value
        }
    }

    case null
    case bool(Bool)
    case string(String)
    case signed(Int64)
    case unsigned(UInt64)
    case floating(Double, description: String)
    case decimal(String)
    /// Seconds since 1970.
    case date(Double)
    /// Base64.
    case data(String)
    case url(String)
    case uuid(String)
    case array([RunnerValue])
    case dictionary([Field])
    case object(type: String, fields: [Field])
    case rawValueCase(name: String, rawValue: RunnerValue)
    case enumCase(name: String, values: [Field])

    /// Reads any value with `Mirror`.
    public static func make(_ value: Any) -> RunnerValue {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first else { return .null }
            return make(wrapped.value)
        }
        if let scalar = scalar(value) { return scalar }
        switch mirror.displayStyle {
        case .collection?, .set?:
            return .array(mirror.children.map { make($0.value) })
        case .dictionary?:
            return .dictionary(
                mirror.children.map { pair in
                    let parts = Array(Mirror(reflecting: pair.value).children)
                    let key = parts.first.map { $0.value as? String ?? String(describing: $0.value) } ?? ""
                    return Field(name: key, value: parts.count > 1 ? make(parts[1].value) : .null)
                })
        case .enum?:
            return enumCase(value, mirror)
        default:
            var fields: [Field] = []
            var current: Mirror? = mirror
            var chain: [Mirror] = []
            while let m = current {
                chain.insert(m, at: 0)
                current = m.superclassMirror
            }
            for m in chain {
                for child in m.children { fields.append(Field(name: child.label ?? "_", value: make(child.value))) }
            }
            return .object(type: String(describing: type(of: value)), fields: fields)
        }
    }

    private static func scalar(_ value: Any) -> RunnerValue? {
        switch value {
        case let v as Bool: .bool(v)
        case let v as String: .string(v)
        case let v as Int: .signed(Int64(v))
        case let v as Int8: .signed(Int64(v))
        case let v as Int16: .signed(Int64(v))
        case let v as Int32: .signed(Int64(v))
        case let v as Int64: .signed(v)
        case let v as UInt: .unsigned(UInt64(v))
        case let v as UInt8: .unsigned(UInt64(v))
        case let v as UInt16: .unsigned(UInt64(v))
        case let v as UInt32: .unsigned(UInt64(v))
        case let v as UInt64: .unsigned(v)
        case let v as Double: .floating(v, description: v.description)
        case let v as Float: .floating(Double(v), description: v.description)
        case let v as Decimal: .decimal(v.description)
        case let v as Date: .date(v.timeIntervalSince1970)
        case let v as Data: .data(v.base64EncodedString())
        case let v as URL: .url(v.absoluteString)
        case let v as UUID: .uuid(v.uuidString)
        default: nil
        }
    }

    private static func enumCase(_ value: Any, _ mirror: Mirror) -> RunnerValue {
        let name = mirror.children.first?.label ?? String(describing: value)
        if let raw = value as? any RawRepresentable { return .rawValueCase(name: name, rawValue: make(raw.rawValue)) }
        guard let payload = mirror.children.first?.value else { return .enumCase(name: name, values: []) }
        let parts = Mirror(reflecting: payload)
        if parts.displayStyle == .tuple {
            return .enumCase(
                name: name,
                values: parts.children.enumerated().map { i, child in
                    let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? "_\(i)"
                    return Field(name: label, value: make(child.value))
                })
        }
        return .enumCase(name: name, values: [Field(name: "_0", value: make(payload))])
    }
}

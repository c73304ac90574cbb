import Foundation

/// The decoded value as the runner reads it with `Mirror` (any type works): the same
/// ``DecodedValue`` the engine makes in schema mode, so one vocabulary crosses the channel.
extension DecodedValue {
    /// Reads any value with `Mirror`.
    public static func make(_ value: Any) -> DecodedValue {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first else { return .null }
            return make(wrapped.value)
        }
        if let scalar = scalar(value) { return scalar }
        if let text = DescribedValue.description(of: value) { return .string(text) }
        switch mirror.displayStyle {
        case .collection?, .set?:
            return .array(mirror.children.map { make($0.value) })
        case .dictionary?:
            return .dictionary(
                mirror.children.map { pair in
                    let parts = Array(Mirror(reflecting: pair.value).children)
                    let key = parts.first.map { $0.value as? String ?? String(describing: $0.value) } ?? ""
                    return Field(key, parts.count > 1 ? make(parts[1].value) : .null)
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
                for child in m.children { fields.append(Field(child.label ?? "_", make(child.value))) }
            }
            return .object(type: String(describing: type(of: value)), fields)
        }
    }

    private static func scalar(_ value: Any) -> DecodedValue? {
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
        // A NaN has no JSON number to cross the channel as: its text, as the value's JSON shows it.
        case let v as Decimal: v.isNaN ? .string(v.description) : .decimal(v)
        case let v as Date: .date(v)
        case let v as Data: .data(v)
        // Flattened to its absolute form, as the value's JSON writes it.
        case let v as URL: URL(string: v.absoluteString).map { .url($0) } ?? .string(v.absoluteString)
        case let v as UUID: .uuid(v)
        default: nil
        }
    }

    private static func enumCase(_ value: Any, _ mirror: Mirror) -> DecodedValue {
        let name = mirror.children.first?.label ?? String(describing: value)
        if let raw = value as? any RawRepresentable { return .rawValueCase(name: name, rawValue: make(raw.rawValue)) }
        guard let payload = mirror.children.first?.value else { return .enumCase(name: name, values: []) }
        let parts = Mirror(reflecting: payload)
        if parts.displayStyle == .tuple {
            return .enumCase(
                name: name,
                values: parts.children.enumerated().map { i, child in
                    let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? "_\(i)"
                    return Field(label, make(child.value))
                })
        }
        return .enumCase(name: name, values: [Field("_0", make(payload))])
    }
}

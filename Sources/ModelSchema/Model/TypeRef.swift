/// A resolved reference to a type a property or expression names.
public indirect enum TypeRef: Sendable, Hashable, Codable {
    case scalar(ScalarType)
    case optional(TypeRef)
    case array(TypeRef)
    case set(TypeRef)
    case dictionary(key: TypeRef, value: TypeRef)
    /// A type declared in the model sources, by qualified name (`ProductCategory.Product`).
    case named(qualifiedName: String, arguments: [TypeRef])
    case genericParameter(String)

    /// Replaces generic parameters by the given arguments.
    public func substituting(_ arguments: [String: TypeRef]) -> TypeRef {
        switch self {
        case .scalar: self
        case .optional(let t): .optional(t.substituting(arguments))
        case .array(let t): .array(t.substituting(arguments))
        case .set(let t): .set(t.substituting(arguments))
        case .dictionary(let k, let v): .dictionary(key: k.substituting(arguments), value: v.substituting(arguments))
        case .named(let n, let a): .named(qualifiedName: n, arguments: a.map { $0.substituting(arguments) })
        case .genericParameter(let p): arguments[p] ?? self
        }
    }

    /// Whether `decodeIfPresent` is used for a property of this type.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}

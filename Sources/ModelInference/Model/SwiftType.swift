/// The type of a property, an element or a case, as the generated code spells it.
indirect enum SwiftType: Hashable, Sendable {
    case bool, int, double, decimal, string, date
    /// ``UnknownValue``: the payload never showed a value here.
    case unknown
    /// A generated declaration, by its index in ``InferredModels``.
    case named(Int)
    case array(SwiftType)
    case dictionary(SwiftType)
    case optional(SwiftType)

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// This type, optional (never doubly).
    var optional: SwiftType { isOptional ? self : .optional(self) }

    /// Whether the type mentions ``unknown`` anywhere.
    var usesUnknown: Bool {
        switch self {
        case .unknown: true
        case let .array(t), let .dictionary(t), let .optional(t): t.usesUnknown
        default: false
        }
    }

    /// How many square brackets the spelling nests (`[[Int]?]` is 2).
    var squareDepth: Int {
        switch self {
        case let .array(t), let .dictionary(t): 1 + t.squareDepth
        case let .optional(t): t.squareDepth
        default: 0
        }
    }

    /// The Swift spelling, with declarations named by `name`.
    func spelled(_ name: (Int) -> String) -> String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .decimal: "Decimal"
        case .string: "String"
        case .date: "Date"
        case .unknown: "UnknownValue"
        case let .named(index): name(index)
        case let .array(element): "[" + element.spelled(name) + "]"
        case let .dictionary(value): "[String: " + value.spelled(name) + "]"
        case let .optional(wrapped): wrapped.spelled(name) + "?"
        }
    }
}

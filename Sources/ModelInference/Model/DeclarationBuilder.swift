/// Turns shapes into Swift types, creating declarations bottom-up and sharing identical ones
/// (two keys whose objects have the same properties get one struct).
///
/// Recursion follows the nesting of the payload, which ``ShapeBuilder`` has bounded.
final class DeclarationBuilder {
    let options: InferenceOptions
    /// Each key as `.convertFromSnakeCase` converts it (empty with default keys).
    let converted: [String: String]
    private(set) var declarations: [Declaration] = []
    private var existing: [Declaration.Body: Int] = [:]

    init(options: InferenceOptions, converted: [String: String]) {
        self.options = options
        self.converted = converted
    }

    /// The type for the values at a position: optional when any of them was null.
    func type(of shape: Shape, hint: String, depth: Int) -> SwiftType {
        let base: SwiftType
        let kinds = shape.kinds
        switch kinds.count {
        case 0: base = .unknown
        case 1: base = single(kinds[0], of: shape, hint: hint, depth: depth)
        default: base = union(kinds, of: shape, hint: hint, depth: depth)
        }
        return shape.nulls > 0 ? base.optional : base
    }

    private func single(_ kind: ValueKind, of shape: Shape, hint: String, depth: Int) -> SwiftType {
        switch kind {
        case .bool:
            return .bool
        case .number:
            if shape.isDate { return .date }
            switch shape.numbers.choice {
            case .int: return .int
            case .double: return .double
            case .decimal: return .decimal
            case .anyNumber: return union([.number], of: shape, hint: hint, depth: depth)
            }
        case .string:
            if shape.isDate { return .date }
            if options.stringEnums, let cases = StringEnumDetector.cases(for: shape.strings) {
                return register(.stringEnum(cases), hint: hint, depth: depth, path: shape.path)
            }
            return .string
        case .object:
            return objectType(shape, hint: hint, depth: depth)
        case .array:
            return arrayType(shape, hint: hint, depth: depth)
        }
    }

    private func arrayType(_ shape: Shape, hint: String, depth: Int) -> SwiftType {
        guard let element = shape.element else { return .array(.unknown) }
        return .array(type(of: element, hint: TypeNames.singular(hint), depth: depth))
    }

    private func objectType(_ shape: Shape, hint: String, depth: Int) -> SwiftType {
        if let value = shape.mapValue {
            return .dictionary(type(of: value, hint: TypeNames.singular(hint, suffix: "Value"), depth: depth))
        }
        // With .convertFromSnakeCase two keys can convert alike (`user_id`, `userId`); the
        // decoder sees one key then, so they become one property of both their types.
        var groups: [(codingKey: String, fields: [(key: String, field: Shape.Field)])] = []
        var groupOf: [String: Int] = [:]
        for key in shape.fieldOrder {
            guard let field = shape.fields[key] else { continue }
            let codingKey = options.keyStrategy == .convertFromSnakeCase ? converted[key] ?? key : key
            if let g = groupOf[codingKey] {
                groups[g].fields.append((key, field))
            } else {
                groupOf[codingKey] = groups.count
                groups.append((codingKey, [(key, field)]))
            }
        }
        let names = PropertyNames.assign(codingKeys: groups.map(\.codingKey))
        var properties: [Declaration.Property] = []
        for (group, name) in zip(groups, names) {
            let values =
                group.fields.count == 1
                ? group.fields[0].field.shape
                : Shape.merged(group.fields.map(\.field.shape), path: group.fields[0].field.shape.path)
            let present = group.fields.map(\.field.present).max() ?? 0
            var type = type(of: values, hint: TypeNames.upperCamel(group.fields[0].key), depth: depth + 1)
            if present < shape.objects { type = type.optional }
            let note = values.kinds.isEmpty ? "null wherever it appears in the payload: its type is unknown" : nil
            properties.append(.init(name: name, type: type, note: note))
        }
        return register(.structure(properties), hint: hint, depth: depth, path: shape.path)
    }

    /// An enum with a case per JSON kind, decoded by trying each in turn.
    private func union(_ kinds: [ValueKind], of shape: Shape, hint: String, depth: Int) -> SwiftType {
        var cases: [Declaration.UnionCase] = []
        for kind in kinds {
            switch kind {
            case .bool:
                cases.append(.init(name: "bool", type: .bool))
            case .number:
                switch shape.numbers.choice {
                case .int: cases.append(.init(name: "int", type: .int))
                case .double: cases.append(.init(name: "double", type: .double))
                case .decimal: cases.append(.init(name: "decimal", type: .decimal))
                case .anyNumber:
                    cases += [.init(name: "int", type: .int), .init(name: "double", type: .double), .init(name: "decimal", type: .decimal)]
                }
            case .string:
                cases.append(shape.isDate ? .init(name: "date", type: .date) : .init(name: "string", type: .string))
            case .array:
                cases.append(.init(name: "array", type: arrayType(shape, hint: hint, depth: depth + 1)))
            case .object:
                cases.append(.init(name: "object", type: objectType(shape, hint: hint + "Object", depth: depth + 1)))
            }
        }
        return register(.union(cases), hint: hint, depth: depth, path: shape.path)
    }

    /// The declaration's type: a new declaration, or the identical one made before.
    private func register(_ body: Declaration.Body, hint: String, depth: Int, path: String) -> SwiftType {
        if let index = existing[body] { return .named(index) }
        let index = declarations.count
        declarations.append(Declaration(body: body, nameHint: hint, parent: nil, depth: depth, path: path))
        existing[body] = index
        for child in Self.references(in: body)
        where child != index && declarations[child].parent == nil && declarations[child].depth > depth {
            declarations[child].parent = index
        }
        return .named(index)
    }

    /// The declarations a body mentions.
    static func references(in body: Declaration.Body) -> [Int] {
        let types: [SwiftType] =
            switch body {
            case let .structure(properties): properties.map(\.type)
            case .stringEnum: []
            case let .union(cases): cases.map(\.type)
            }
        var out: [Int] = []
        for type in types { collect(type, into: &out) }
        return out
    }

    private static func collect(_ type: SwiftType, into out: inout [Int]) {
        switch type {
        case let .named(index): out.append(index)
        case let .array(t), let .dictionary(t), let .optional(t): collect(t, into: &out)
        default: break
        }
    }
}

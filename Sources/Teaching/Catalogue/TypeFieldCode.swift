import ModelSchema

/// The members a type-field fix adds to an enum: the keys it reads and its `init(from:)`.
///
/// For `enum Shape { case circle(radius: Double) }` and objects like
/// `{"type": "circle", "radius": 2.0}`:
///
///     private enum FieldKeys: String, CodingKey {
///         case type
///         case radius
///     }
///
///     init(from decoder: any Decoder) throws {
///         let container = try decoder.container(keyedBy: FieldKeys.self)
///         let kind = try container.decode(String.self, forKey: .type)
///         switch kind {
///         case "circle":
///             self = .circle(radius: try container.decode(Double.self, forKey: .radius))
///         default:
///             throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "Unknown Shape type \(kind)")
///         }
///     }
struct TypeFieldCode {
    let lines: [String]

    init?(enumName: String, field: NearMissKeys.Match, cases: [EnumCaseSchema], values: [String: [String]]) {
        let fieldCase = SwiftNames.identifier(fromKey: field.seen)
        let labels = cases.flatMap { $0.associatedValues.compactMap(\.label) }
        guard !labels.contains(fieldCase.removingCharacters(in: "`")) else { return nil }
        var keys = ["private enum FieldKeys: String, CodingKey {"]
        keys.append(
            fieldCase == field.seen || fieldCase == "`\(field.seen)`"
                ? "    case \(fieldCase)" : "    case \(fieldCase) = \(SwiftNames.literal(field.seen))")
        var seen: Set<String> = []
        for label in labels where seen.insert(label).inserted { keys.append("    case \(SwiftNames.identifier(label))") }
        keys.append("}")
        var body = [
            "init(from decoder: any Decoder) throws {",
            "    let container = try decoder.container(keyedBy: FieldKeys.self)",
            "    let kind = try container.decode(String.self, forKey: .\(fieldCase))",
            "    switch kind {",
        ]
        for c in cases {
            let names = (values[c.name] ?? [c.name]).map(SwiftNames.literal).joined(separator: ", ")
            body.append("    case \(names):")
            let values = c.associatedValues
            if values.isEmpty {
                body.append("        self = .\(c.name)")
            } else if values.count == 1, values[0].label == nil {
                body.append("        self = .\(c.name)(try \(values[0].type.swiftSpelling)(from: decoder))")
            } else if values.allSatisfy({ $0.label != nil }) {
                let reads = values.map { v -> String in
                    let (call, type) = v.type.isOptional ? ("decodeIfPresent", Self.unwrapped(v.type)) : ("decode", v.type)
                    return "\(v.label!): try container.\(call)(\(type.swiftSpelling).self, forKey: .\(SwiftNames.identifier(v.label!)))"
                }
                if reads.count == 1 {
                    body.append("        self = .\(c.name)(\(reads[0]))")
                } else {
                    body.append("        self = .\(c.name)(")
                    body += reads.enumerated().map { "            \($1)\($0 == reads.count - 1 ? ")" : ",")" }
                }
            } else {
                return nil
            }
        }
        body += [
            "    default:",
            "        throw DecodingError.dataCorruptedError(forKey: .\(fieldCase), in: container, debugDescription: \"Unknown \(enumName) type \\(kind)\")",
            "    }",
            "}",
        ]
        lines = keys + [""] + body
    }

    static func unwrapped(_ type: TypeRef) -> TypeRef {
        if case .optional(let t) = type { return t }
        return type
    }
}

extension String {
    func removingCharacters(in set: String) -> String { filter { !set.contains($0) } }
}

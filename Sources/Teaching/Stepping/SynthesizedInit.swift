import DecodingEngine
import ModelSchema

/// The `init(from:)` the compiler synthesizes for a model type, as lines of Swift.
///
/// For `struct Product: Decodable { let name: String; let note: String? }`:
///
///     enum CodingKeys: String, CodingKey {
///         case name
///         case note
///     }
///
///     init(from decoder: any Decoder) throws {
///         let container = try decoder.container(keyedBy: CodingKeys.self)
///         name = try container.decode(String.self, forKey: .name)
///         note = try container.decodeIfPresent(String.self, forKey: .note)
///     }
///
/// Properties are decoded in the order of the `CodingKeys` cases, as the engine decodes them;
/// strategies appear as notes (a converted key, the strategy that reads a `Date`).
public enum SynthesizedInit {
    /// The lines for a named type of the schema; empty for other types or types the schema
    /// cannot interpret.
    public static func lines(for type: TypeRef, schema: Schema, options: DecodeOptions = DecodeOptions()) -> [InitLine] {
        guard let typeSchema = schema.typeSchema(for: type), let decoding = typeSchema.decoding else { return [] }
        switch decoding {
        case .keyed(let properties): return keyed(typeSchema, properties: properties, options: options)
        case .rawValue(let raw, _): return rawValue(typeSchema, raw: raw)
        case .cases(let cases): return SynthesizedInit.cases(typeSchema, cases: cases, options: options)
        case .inherited(let superclass):
            let inherited = lines(for: .named(qualifiedName: superclass, arguments: []), schema: schema, options: options)
            return [InitLine("// \(typeSchema.name) inherits init(from:) from \(superclass)")] + inherited
        }
    }

    static func keyed(_ type: TypeSchema, properties: [PropertySchema], options: DecodeOptions) -> [InitLine] {
        let decoded = properties.filter { $0.isDecoded && $0.codingKey != nil && $0.type != nil }
        var lines = keys("CodingKeys", decoded.compactMap { p in p.codingKey.map { (p.name, $0.stringValue) } }, options: options)
        for p in type.properties where !decoded.contains(where: { $0.name == p.name }) {
            lines.append(
                InitLine(
                    "// `\(p.name)` is not decoded: \(p.declarationText.contains("=") ? "it keeps its initial value" : "it is left out of CodingKeys")"
                ))
        }
        lines += [InitLine(""), InitLine("init(from decoder: any Decoder) throws {", .signature)]
        if !decoded.isEmpty {
            lines.append(
                InitLine(
                    "    let container = try decoder.container(keyedBy: CodingKeys.self)", .container,
                    note: options.keys == .convertFromSnakeCase
                        ? "keys are compared after .convertFromSnakeCase converts the payload's keys" : nil))
        }
        for p in decoded {
            guard let type = p.type, let key = p.codingKey else { continue }
            var valueType = type
            if p.usesDecodeIfPresent, case .optional(let wrapped) = type { valueType = wrapped }
            let call = p.usesDecodeIfPresent ? "decodeIfPresent" : "decode"
            lines.append(
                InitLine(
                    "    \(p.name) = try container.\(call)(\(valueType.swiftSpelling).self, forKey: .\(p.name))",
                    .decode(name: p.name, key: key.stringValue, ifPresent: p.usesDecodeIfPresent),
                    note: strategyNote(valueType, options: options)))
        }
        lines.append(InitLine("}", .signature))
        return lines
    }

    static func keys(_ name: String, _ keys: [(name: String, key: String)], options: DecodeOptions, raw: Bool = true) -> [InitLine] {
        var lines = [InitLine("enum \(name): \(raw ? "String, " : "")CodingKey {", .keysDeclaration)]
        for (caseName, key) in keys {
            let text = key == caseName ? "    case \(caseName)" : "    case \(caseName) = \(SwiftNames.literal(key))"
            lines.append(InitLine(text, .codingKey(name: caseName, key: key)))
        }
        lines.append(InitLine("}", .keysDeclaration))
        return lines
    }

    static func rawValue(_ type: TypeSchema, raw: ScalarType) -> [InitLine] {
        [
            InitLine("init(from decoder: any Decoder) throws {", .signature),
            InitLine("    let container = try decoder.singleValueContainer()", .container),
            InitLine(
                "    let rawValue = try container.decode(\(raw.swiftName).self)", .decode(name: "rawValue", key: nil, ifPresent: false)),
            InitLine("    guard let value = \(type.name)(rawValue: rawValue) else {", .rawValueCheck),
            InitLine(
                "        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: \"Cannot initialize \(type.name) from invalid \(raw.swiftName) value \\(rawValue)\"))"
            ),
            InitLine("    }"),
            InitLine("    self = value"),
            InitLine("}", .signature),
        ]
    }

    /// A note for a value whose decoding a strategy changes.
    static func strategyNote(_ type: TypeRef, options: DecodeOptions) -> String? {
        switch type {
        case .scalar(.date):
            return "Date with \(options.dates.swiftName): \(options.dates.readsInBrief(quoted: SwiftNames.literal))"
        case .scalar(.data):
            return options.data == .base64 ? "Data with .base64: a base64 string" : "Data with .deferredToData: an array of bytes"
        case .scalar(.double), .scalar(.float):
            if case .convertFromString(let p, let n, let nan) = options.floats {
                return
                    "non-conforming floats: \(SwiftNames.literal(p)), \(SwiftNames.literal(n)), \(SwiftNames.literal(nan)) are read as ±infinity and NaN"
            }
            return nil
        default: return nil
        }
    }
}

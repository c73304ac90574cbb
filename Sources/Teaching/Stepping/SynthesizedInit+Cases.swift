import DecodingEngine
import ModelSchema

extension SynthesizedInit {
    /// SE-0295: a key naming the case, then a nested container keyed by `<Case>CodingKeys`.
    static func cases(_ type: TypeSchema, cases: [EnumCaseSchema], options: DecodeOptions) -> [InitLine] {
        var lines = keys("CodingKeys", cases.compactMap { c in c.codingKey.map { (c.name, $0.stringValue) } }, options: options, raw: false)
        for c in cases where !c.associatedValues.isEmpty {
            lines.append(InitLine(""))
            lines += keys(
                c.codingKeysTypeName,
                c.associatedValues.enumerated().compactMap { i, v in
                    v.codingKey.map { (v.label ?? "_\(i)", $0.stringValue) }
                }, options: options, raw: false)
        }
        lines += [
            InitLine(""),
            InitLine("init(from decoder: any Decoder) throws {", .signature),
            InitLine("    let container = try decoder.container(keyedBy: CodingKeys.self)", .container),
            InitLine("    guard container.allKeys.count == 1 else {", .caseKeyCheck),
            InitLine(
                "        throw DecodingError.typeMismatch(\(type.name).self, .init(codingPath: container.codingPath, debugDescription: \"Invalid number of keys found, expected one.\"))"
            ),
            InitLine("    }"),
            InitLine("    switch container.allKeys.first! {"),
        ]
        for c in cases {
            lines.append(InitLine("    case .\(c.name):"))
            if c.associatedValues.isEmpty {
                lines.append(InitLine("        self = .\(c.name)"))
                continue
            }
            lines.append(
                InitLine(
                    "        let nested = try container.nestedContainer(keyedBy: \(c.codingKeysTypeName).self, forKey: .\(c.name))",
                    .nestedContainer(caseName: c.name)))
            var arguments: [String] = []
            for (i, v) in c.associatedValues.enumerated() {
                let name = v.label ?? "_\(i)"
                let local = v.label ?? "value\(i)"
                arguments.append(v.label.map { "\($0): \(local)" } ?? local)
                guard let key = v.codingKey else { continue }
                var valueType = v.type
                if v.usesDecodeIfPresent, case .optional(let wrapped) = v.type { valueType = wrapped }
                let call = v.usesDecodeIfPresent ? "decodeIfPresent" : "decode"
                lines.append(
                    InitLine(
                        "        let \(local) = try nested.\(call)(\(valueType.swiftSpelling).self, forKey: .\(name))",
                        .decode(name: name, key: key.stringValue, ifPresent: v.usesDecodeIfPresent),
                        note: strategyNote(valueType, options: options)))
            }
            lines.append(InitLine("        self = .\(c.name)(\(arguments.joined(separator: ", ")))"))
        }
        lines += [InitLine("    }"), InitLine("}", .signature)]
        return lines
    }
}

import JSONTree

/// Prints ``InferredModels`` as Swift source: the types, shallowest first, then
/// `UnknownValue` when some type uses it, then `makeDecoder()`.
struct SourceRenderer {
    let models: InferredModels
    /// When set, everything is nested in `enum <namespace>` (tests compile many models in one file).
    let namespace: String?

    func body() -> String {
        var blocks: [[String]] = []
        if let alias = models.rootAlias {
            blocks.append([
                "/// Decodes `$`: `try makeDecoder().decode(\(models.rootTypeName).self, from: data)`.",
                "typealias \(models.rootTypeName) = \(spelled(alias))",
            ])
        }
        for index in models.ordered {
            blocks.append(declaration(models.declarations[index]))
        }
        if usesUnknown { blocks.append(Self.unknownValue) }
        blocks.append(
            DecoderRenderer(keyStrategy: models.keyStrategy, dateStrategy: models.dateStrategy)
                .lines(isStatic: namespace != nil))
        var lines = blocks.flatMap { $0 + [""] }
        lines.removeLast()
        if let namespace {
            lines = ["enum \(namespace) {"] + lines.map { $0.isEmpty ? "" : "    " + $0 } + ["}"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func spelled(_ type: SwiftType) -> String {
        type.spelled { models.declarations[$0].name }
    }

    private var usesUnknown: Bool {
        if models.rootAlias?.usesUnknown == true { return true }
        return models.declarations.contains { declaration in
            switch declaration.body {
            case let .structure(properties): properties.contains { $0.type.usesUnknown }
            case let .union(cases): cases.contains { $0.type.usesUnknown }
            case .stringEnum: false
            }
        }
    }

    private func declaration(_ d: Declaration) -> [String] {
        let isRoot = d.name == models.rootTypeName && models.rootAlias == nil
        let doc =
            isRoot
            ? "/// Decodes `$`: `try makeDecoder().decode(\(d.name).self, from: data)`."
            : "/// At `\(d.path)`."
        switch d.body {
        case let .structure(properties):
            return [doc] + structure(d.name, properties)
        case let .stringEnum(cases):
            var lines = [doc, "enum \(d.name): String, Codable {"]
            for c in cases {
                let name = SwiftIdentifier.escaped(c.name)
                lines.append(c.name == c.rawValue ? "    case \(name)" : "    case \(name) = \(Quoted.swift(c.rawValue, asciiOnly: true))")
            }
            return lines + ["}"]
        case let .union(cases):
            return [doc] + union(d.name, cases)
        }
    }

    private func structure(_ name: String, _ properties: [Declaration.Property]) -> [String] {
        var lines = ["struct \(name): Codable {"]
        for p in properties {
            var line = "    let \(SwiftIdentifier.escaped(p.name.name)): \(spelled(p.type))"
            if let note = p.note { line += "  // \(note)" }
            lines.append(line)
        }
        if properties.contains(where: \.name.needsCodingKey) {
            lines += ["", "    enum CodingKeys: String, CodingKey {"]
            for p in properties {
                let name = SwiftIdentifier.escaped(p.name.name)
                lines.append(
                    p.name.needsCodingKey
                        ? "        case \(name) = \(Quoted.swift(p.name.codingKey, asciiOnly: true))" : "        case \(name)")
            }
            lines.append("    }")
        }
        return lines + ["}"]
    }

    /// An enum with a case per kind: `init(from:)` tries each in turn, `encode(to:)` writes
    /// the one it holds.
    private func union(_ name: String, _ cases: [Declaration.UnionCase]) -> [String] {
        var lines = ["enum \(name): Codable {"]
        for c in cases { lines.append("    case \(c.name)(\(spelled(c.type)))") }
        lines += ["", "    init(from decoder: any Decoder) throws {", "        let container = try decoder.singleValueContainer()"]
        for (k, c) in cases.enumerated() {
            let keyword = k == 0 ? "if" : "} else if"
            lines.append("        \(keyword) let value = try? container.decode(\(spelled(c.type)).self) {")
            lines.append("            self = .\(c.name)(value)")
        }
        let expected = cases.map { spelled($0.type) }.joined(separator: ", ")
        lines += [
            "        } else {",
            "            throw DecodingError.typeMismatch(\(name).self, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: \(Quoted.swift("Expected one of: " + expected, asciiOnly: true))))",
            "        }",
            "    }",
            "",
            "    func encode(to encoder: any Encoder) throws {",
            "        var container = encoder.singleValueContainer()",
            "        switch self {",
        ]
        for c in cases { lines.append("        case .\(c.name)(let value): try container.encode(value)") }
        return lines + ["        }", "    }", "}"]
    }

    static let unknownValue = [
        "/// Stands for a value the payload never showed: null wherever it appeared, or the element",
        "/// of arrays that were always empty. `Never` decodes nothing, so a real value fails loudly",
        "/// (typeMismatch) instead of being dropped; give the property a real type when one comes.",
        "typealias UnknownValue = Never",
    ]
}

import DecodingEngine
import JSONTree
import ModelSchema

extension FixCatalogue {
    /// A number or a boolean sent as text (or 0/1 for a Bool, a number for a String): the
    /// `LosslessValue` wrapper, which reads both.
    func losslessCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard error.kind == .typeMismatch, let node = error.node, let entry = typed[node], let property = entry.property,
            entry.steps.isEmpty, case .scalar(let scalar) = entry.type, LosslessSemantics.supports(scalar),
            LosslessSemantics.accepts(node, in: tree, as: scalar), var edits = wrap(property, in: "LosslessValue")
        else { return [] }
        edits += helper(.losslessValue, in: property.location.file)
        let values = Set(typed.values(of: property))
        let absorbs: @Sendable (LocatedDecodingError) -> Bool = { e in
            e.kind == .typeMismatch
                && e.node.map { values.contains($0) && LosslessSemantics.accepts($0, in: self.tree, as: scalar) } ?? false
        }
        return [
            FixCandidate(
                kind: .losslessValue,
                title:
                    "Accept `\(property.name)` \(Self.losslessForms(scalar)): `@LosslessValue var \(property.name): \(scalar.swiftName)`",
                detail:
                    "LosslessValue (added to the file, in full) decodes \(scalar.swiftName) itself, else reads the value as text and converts it with \(scalar.swiftName)(_:)"
                    + (scalar == .bool ? ", 1 and 0 included." : "."),
                edits: [FileEdits(path: property.location.file, edits: edits)], check: .valueByValue(absorbs: absorbs, newErrors: 0),
                cost: { removed in self.losslessCost(of: removed, as: scalar) })
        ]
    }

    /// The values a `LosslessValue` reads as something else than the payload writes: `"00000"`
    /// becomes 0, `"1.50"` 1.5, `1` true. A number sent as text that reads back as the same text
    /// keeps its value.
    func losslessCost(of removed: [LocatedDecodingError], as scalar: ScalarType) -> FixCost {
        var changed: [FixCost.ValueChange] = []
        for node in Set(removed.compactMap(\.node)).sorted() {
            guard let read = LosslessSemantics.converted(node, in: tree, as: scalar) else { continue }
            let isString = tree.kind(node) == .string
            let raw = isString ? tree.stringValue(node) ?? "" : tree.rawText(node)
            if read != raw {
                changed.append(
                    .init(
                        sent: isString ? ValueSummary.quoted(raw) : ValueSummary.abbreviated(raw),
                        read: scalar == .string ? ValueSummary.quoted(read) : read))
            }
        }
        guard let first = changed.first else { return .keepsEveryValue }
        return .changesValues(count: changed.count, example: first)
    }

    /// `{}` (or `""`) where the model wants an optional value: the `EmptyAsNil` wrapper. It
    /// keeps every value: an empty object or string sends nothing that nil does not say.
    func emptyAsNilCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard let node = error.node, Self.isEmpty(node, in: tree), let entry = typed[node], let property = entry.property,
            entry.isPropertyValue, let declared = property.type, let found = declaration(of: property)
        else { return [] }
        let written = found.text.string(found.declaration.type)
        let newType = declared.isOptional ? nil : WrittenType(written).madeOptional
        guard var edits = wrap(property, in: "EmptyAsNil", newType: newType) else { return [] }
        edits += helper(.emptyAsNil, in: property.location.file)
        let empties = Set(typed.values(of: property).filter { Self.isEmpty($0, in: tree) || tree.kind($0) == .null })
        let absorbs: @Sendable (LocatedDecodingError) -> Bool = { e in e.node.map(empties.contains) ?? false }
        let what = tree.kind(node) == .object ? "{}" : "\"\""
        return [
            FixCandidate(
                kind: .emptyAsNil, title: "Read \(what) as nil: `@EmptyAsNil var \(property.name): \(newType ?? written)`",
                detail:
                    "EmptyAsNil (added to the file, in full) decodes {}, \"\", null and a missing key as nil, anything else as \(entry.type.swiftSpelling)"
                    + (newType == nil ? "." : "; the property becomes optional, so code that reads it must handle nil."),
                edits: [FileEdits(path: property.location.file, edits: edits)], check: .valueByValue(absorbs: absorbs, newErrors: 0))
        ]
    }

    /// The forms a `LosslessValue` of this type accepts, in words.
    static func losslessForms(_ scalar: ScalarType) -> String {
        switch scalar {
        case .string: "as text or as a number"
        case .bool: "as a boolean, as 0 or 1, or as text"
        default: "as a number or as text"
        }
    }

    static func isEmpty(_ node: NodeID, in tree: JSONTree) -> Bool {
        switch tree.kind(node) {
        case .object: tree.childCount(node) == 0
        case .string: tree.stringValue(node) == ""
        default: false
        }
    }

    /// A raw value the enum does not know: an `unknown` case and an `init(from:)` that falls back to it.
    func unknownCaseCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard error.reason == .invalidRawValue, let node = error.node,
            let enumType = typed[node]?.type, case .named(let name, _) = enumType, let schema = schema.types[name],
            case .rawValue(let raw, let cases)? = schema.decoding, raw == .string || raw == .int
        else { return [] }
        let caseName = ["unknown", "unrecognized", "other"].first { n in !cases.contains { $0.name == n } } ?? "unknownValue"
        var caseLine = "case \(caseName)"
        if raw == .int {
            let smallest = cases.compactMap { if case .integer(let i)? = $0.rawValue { i } else { nil } }.min() ?? 0
            caseLine += " = \(smallest - 1)"
        }
        guard
            let edit = members(
                [
                    caseLine, "",
                    "/// Values this model does not know (a blank one included) decode as .\(caseName) instead of failing.",
                    "init(from decoder: any Decoder) throws {",
                    "    let rawValue = try decoder.singleValueContainer().decode(RawValue.self)",
                    "    self = Self(rawValue: rawValue) ?? .\(caseName)",
                    "}",
                ], in: schema)
        else { return [] }
        let absorbs: @Sendable (LocatedDecodingError) -> Bool = { e in
            e.reason == .invalidRawValue && e.node.map { self.typed[$0]?.type == enumType } ?? false
        }
        return [
            FixCandidate(
                kind: .unknownCase, title: "Add `case \(caseName)` to `\(schema.name)` for values it does not know",
                detail:
                    "A hand-written init(from:) decodes the raw value and falls back to .\(caseName); a switch over \(schema.name) must then handle .\(caseName).",
                edits: [edit], check: .valueByValue(absorbs: absorbs, newErrors: 0),
                cost: { removed in
                    let unknown = removed.compactMap(\.node).sorted()
                    guard let first = unknown.first else { return .keepsEveryValue }
                    let sent = ValueSummary(tree: self.tree, node: first).text
                    return .changesValues(count: unknown.count, example: .init(sent: sent, read: ".\(caseName)"))
                })
        ]
    }
}

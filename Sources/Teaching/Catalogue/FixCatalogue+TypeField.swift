import DecodingEngine
import JSONTree
import ModelSchema

extension FixCatalogue {
    static let typeFieldNames = ["type", "kind", "_type", "@type", "$type", "__typename", "object", "case"]

    /// Objects that name their enum case in a field (`{"type": "circle", "radius": 2}`): an
    /// `init(from:)` that reads the field, then the case's values from the same object.
    func typeFieldCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard error.reason == .enumKeyCount,
            let node = error.node, let enumType = typed[node]?.type, case .named(let name, let arguments) = enumType,
            arguments.isEmpty, let enumSchema = schema.types[name], enumSchema.genericParameters.isEmpty,
            case .cases(let cases)? = enumSchema.decoding
        else { return [] }
        let objects = typed.nodes(ofType: enumType).filter { tree.kind($0) == .object }
        guard let found = typeField(in: objects, cases: cases), objects.count <= 2000 else { return [] }
        let (field, valuesByCase) = found
        guard let code = TypeFieldCode(enumName: enumSchema.name, field: field, cases: cases, values: valuesByCase) else { return [] }
        guard let edit = members(code.lines, in: enumSchema) else { return [] }
        let newErrors = fieldErrors(objects: objects, field: field, cases: cases, values: valuesByCase)
        let objectSet = Set(objects)
        let absorbs: @Sendable (LocatedDecodingError) -> Bool = { e in
            e.reason == .enumKeyCount && e.node.map(objectSet.contains) ?? false
        }
        return [
            FixCandidate(
                kind: .typeFieldEnum,
                title: "Decode `\(enumSchema.name)` by its \(ValueSummary.quoted(field.raw)) field: a hand-written init(from:)",
                detail:
                    "The objects name their case in \(ValueSummary.quoted(field.raw)) and carry the case's values beside it; the init(from:) reads the field, then those values from the same object. Each object's values were decoded with JSONDecoder to check them.",
                edits: [edit], check: .valueByValue(absorbs: absorbs, newErrors: newErrors))
        ]
    }

    /// The field every object has, whose string value names a case; with the values seen per case.
    func typeField(in objects: [NodeID], cases: [EnumCaseSchema]) -> (NearMissKeys.Match, [String: [String]])? {
        guard let first = objects.first else { return nil }
        let caseNames = Set(cases.map(\.name))
        let keys = tree.children(first).compactMap { tree.key($0) }.filter { !caseNames.contains($0) }
        let ordered = Self.typeFieldNames.filter(keys.contains) + keys.filter { !Self.typeFieldNames.contains($0) }
        for raw in ordered {
            var values: [String: [String]] = [:]
            let all = objects.allSatisfy { object in
                guard let member = tree.member(object, key: raw), let value = tree.stringValue(member),
                    let c = Self.caseNamed(value, in: cases)
                else { return false }
                if !(values[c.name]?.contains(value) ?? false) { values[c.name, default: []].append(value) }
                return true
            }
            if all {
                let seen = context.options.keys == .convertFromSnakeCase ? SnakeCase.convert(raw) : raw
                return (NearMissKeys.Match(raw: raw, seen: seen, distance: 0), values)
            }
        }
        return nil
    }

    /// The case a type name stands for: the same name, or the same once case and `_`/`-` are ignored.
    static func caseNamed(_ value: String, in cases: [EnumCaseSchema]) -> EnumCaseSchema? {
        cases.first { $0.name == value } ?? cases.first { NearMissKeys.normalized($0.name) == NearMissKeys.normalized(value) }
    }

    /// Errors the init(from:) would meet: each object decoded, with Foundation, as a struct holding
    /// its case's values (or as the single unlabeled value's type).
    func fieldErrors(objects: [NodeID], field: NearMissKeys.Match, cases: [EnumCaseSchema], values: [String: [String]]) -> Int {
        var synthetic = ""
        for c in cases where !c.associatedValues.isEmpty && c.associatedValues.allSatisfy({ $0.label != nil }) {
            synthetic += "struct __TeachingCase_\(c.name): Decodable {\n"
            for v in c.associatedValues { synthetic += "    let \(v.label!): \(v.type.swiftSpelling)\n" }
            synthetic += "}\n"
        }
        let verification = Schema(sources: schema.sources + [ModelSource(path: "__teaching_verification.swift", text: synthetic)])
        guard !verification.hasErrors else { return 1 }
        let engine = DecodingEngine(schema: verification)
        var count = 0
        for object in objects {
            guard let member = tree.member(object, key: field.raw), let value = tree.stringValue(member),
                let c = Self.caseNamed(value, in: cases), !c.associatedValues.isEmpty
            else { continue }
            let type: TypeRef =
                c.associatedValues.count == 1 && c.associatedValues[0].label == nil
                ? c.associatedValues[0].type : .named(qualifiedName: "__TeachingCase_\(c.name)", arguments: [])
            let report = engine.decode(type, payload: context.payload, tree: tree, at: object, options: context.verificationOptions)
            count += report.failure == nil ? report.errors.count : 1
        }
        return count
    }
}

import DecodingEngine
import JSONTree
import ModelSchema

extension FixCatalogue {
    /// A missing key with a near miss in the object: map the property to it in `CodingKeys`.
    func codingKeyCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard error.kind == .keyNotFound, let key = error.key, let object = error.node, let property = error.property,
            let ownerType = typed[object]?.type, case .named(let name, _) = ownerType, let owner = schema.types[name]
        else { return [] }
        return explainer.nearMisses(for: key, in: object).prefix(2).compactMap { miss in
            guard let edits = mapKeys([(property, miss.seen)], in: owner) else { return nil }
            let converted = miss.raw != miss.seen
            let detail =
                converted
                ? "Under .convertFromSnakeCase the payload's \(ValueSummary.quoted(miss.raw)) reaches the decoder as \(ValueSummary.quoted(miss.seen)) (acronyms are not upper-cased), so a CodingKeys raw value must be written in that converted form."
                : "The payload sends \(ValueSummary.quoted(miss.raw)); CodingKeys maps the property to the key as it is written there."
            return FixCandidate(
                kind: .mapCodingKey,
                title: "Map `\(property.name)` to the key \(ValueSummary.quoted(miss.seen)) in CodingKeys",
                detail: detail, edits: [edits], check: .redecode())
        }
    }

    /// Keys the payload writes in snake_case: decode with `.convertFromSnakeCase`, and map the
    /// properties it cannot reach (the acronym trap: `base_url` becomes `baseUrl`) in CodingKeys.
    func snakeCaseCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard error.kind == .keyNotFound, context.options.keys == .useDefaultKeys, let key = error.key, let object = error.node,
            tree.children(object).contains(where: { tree.key($0).map { $0 != key && SnakeCase.convert($0) == key } ?? false })
        else { return [] }
        var options = context.options
        options.keys = .convertFromSnakeCase
        // What the converted decode read at each node: the owner of each object it lacks a key in.
        options.recordsNodeTypes = true
        let verifier = FixVerifier(context: context, baseline: baseline)
        guard let report = verifier.redecode([], options: options, type: nil, node: nil) else { return [] }
        let converted = report.nodeTypes
        var mappings: [String: [(property: PropertySchema, key: String)]] = [:]
        for e in report.errors where e.kind == .keyNotFound {
            guard let missing = e.key, let property = e.property, let node = e.node,
                case .named(let ownerName, _)? = converted[node]?.type
            else { continue }
            let keys = tree.children(node).compactMap { tree.key($0) }
            let taken = Set(
                converted.distinct.filter { $0.owner == converted[node]?.type }.compactMap { $0.property?.codingKey?.stringValue })
            guard
                let miss = NearMissKeys.find(missing, among: keys, taken: taken.subtracting([missing]), strategy: .convertFromSnakeCase)
                    .first(where: { $0.distance == 0 })
            else { continue }
            if !(mappings[ownerName]?.contains { $0.property == property } ?? false) {
                mappings[ownerName, default: []].append((property, miss.seen))
            }
        }
        let groups = mappings.sorted { $0.key < $1.key }.map { name, list in schema.types[name].flatMap { mapKeys(list, in: $0) } }
        guard let edits = Self.merged(groups) else { return [] }
        let mapped = mappings.values.flatMap { $0 }.map { "`\($0.property.name)` to \(ValueSummary.quoted($0.key))" }
        return [
            FixCandidate(
                kind: .convertFromSnakeCase,
                title: "Decode with .convertFromSnakeCase"
                    + (mapped.isEmpty ? "" : ", and map \(mapped.joined(separator: ", ")) in CodingKeys"),
                detail:
                    "The payload's keys are snake_case; the strategy converts them (\"line_items\" becomes \"lineItems\") before comparing them with the model's keys"
                    + (mapped.isEmpty
                        ? "." : "; it never produces an upper-cased acronym, so those properties need the converted key in CodingKeys."),
                edits: edits, options: options,
                decoderSetting: DecoderSetting(.keys(.convertFromSnakeCase)),
                check: .redecode())
        ]
    }
}

import DecodingEngine
import JSONTree
import ModelSchema

extension FixCatalogue {
    /// The value is of another kind or does not fit: declare the type the payload really holds.
    func typeChangeCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard error.kind == .typeMismatch || error.kind == .dataCorrupted, let node = subject(of: error),
            let entry = typed[node], case let (property, steps)? = holder(of: error), let declared = property.type
        else { return [] }
        var candidates: [TypeRef]
        if case .dictionary(let key, let value) = entry.type, tree.kind(node) == .object, !NodeTypes.isObjectKey(key, schema: schema) {
            candidates = [.dictionary(key: .scalar(.string), value: value)]
        } else {
            candidates = PayloadTypes.candidates(for: typed.nodes(of: property, steps: steps), in: tree, current: entry.type)
        }
        let hasNull = typed.nodes(of: property, steps: steps).contains { tree.kind($0) == .null }
        return candidates.prefix(2).compactMap { candidate in
            let slot = hasNull && steps.last != .wrapped ? TypeRef.optional(candidate) : candidate
            guard let newType = TypeRewriter.replacing(declared, at: steps[...], with: { _ in slot }),
                let edit = retype(property, to: newType.swiftSpelling)
            else { return nil }
            return FixCandidate(
                kind: .changeType, title: "Declare `\(property.name)` as `\(newType.swiftSpelling)`",
                detail: Self.typeChangeDetail(candidate, found: tree.kind(node)),
                edits: [edit], check: .redecode())
        }
    }

    static func typeChangeDetail(_ type: TypeRef, found: NodeKind) -> String {
        switch type {
        case .scalar(.string) where found == .string:
            "The payload sends text here; convert it where you use it (Decimal(string:) for money, a DateFormatter for dates)."
        case .scalar(.double): "Double holds every number sent here, fractions (and 40.00) included."
        case .scalar(.decimal): "Decimal holds every number sent here exactly, digits beyond Double's precision included."
        case .scalar(.bool): "The payload sends booleans here."
        case .dictionary: "A [String: …] dictionary decodes from a JSON object; convert its keys where you use them."
        case .scalar(let s): "\(s.swiftName) holds every number sent here."
        default: "The payload holds this type here."
        }
    }
}

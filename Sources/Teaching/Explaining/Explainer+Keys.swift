import DecodingEngine
import JSONTree
import ModelSchema

extension Explainer {
    /// The coding keys the type decoded at an object reads, as the decoder compares them.
    func codingKeys(at object: NodeID) -> Set<String> {
        guard let type = typed[object]?.type, case .keyed(let properties)? = context.schema.typeSchema(for: type)?.decoding else {
            return []
        }
        return Set(properties.compactMap { $0.codingKey?.stringValue })
    }

    func nearMisses(for key: String, in object: NodeID) -> [NearMissKeys.Match] {
        let keys = tree.children(object).compactMap { tree.key($0) }
        return NearMissKeys.find(key, among: keys, taken: codingKeys(at: object).subtracting([key]), strategy: context.options.keys)
    }

    func keyNotFound(_ error: LocatedDecodingError, object: NodeID) -> Explanation {
        let key = error.key ?? ""
        let quotedKey = ValueSummary.quoted(key)
        let owner = typed[object]?.type
        let holder = propertyPhrase(error.property, owner: owner).map { ", for \($0)" } ?? ""
        let expected = "the key \(quotedKey) in this object\(holder)"
        let summary = summary(object)
        let keys = ValueSummary.keyList(tree.children(object).compactMap { tree.key($0) })
        var found = keys.isEmpty ? "an empty object {}" : "an object without that key; its keys are \(keys)"
        let misses = nearMisses(for: key, in: object)
        if let miss = misses.first {
            let seen = miss.seen == miss.raw ? "" : " (seen by the decoder as \(ValueSummary.quoted(miss.seen)))"
            found += "; \(ValueSummary.quoted(miss.raw))\(seen) is close"
        }
        var why =
            "a property that is not optional is read with decode(_:forKey:), which throws when the key is absent; an optional one is read with decodeIfPresent"
        if let property = error.property, property.codingKey?.stringValue != property.name {
            why = "CodingKeys maps `\(property.name)` to \(quotedKey), and that key is absent; " + why
        }
        if let miss = misses.first(where: { $0.distance == 0 }), context.options.keys == .convertFromSnakeCase, miss.raw != miss.seen {
            why =
                "with .convertFromSnakeCase JSONDecoder converts the payload's keys before comparing them: \(ValueSummary.quoted(miss.raw)) becomes \(ValueSummary.quoted(miss.seen)), never \(quotedKey) (acronyms are not upper-cased)"
        } else if context.options.keys == .useDefaultKeys,
            let snake = tree.children(object).compactMap({ tree.key($0) }).first(where: { SnakeCase.convert($0) == key && $0 != key })
        {
            why =
                "the payload's keys are snake_case (\(ValueSummary.quoted(snake))) and the decoder compares them as written: without .convertFromSnakeCase or CodingKeys, \(quotedKey) never matches"
        }
        var reality: String?
        if summary.kind == .object, tree.childCount(object) == 0, let entry = typed[object], entry.steps.contains(.wrapped),
            let holder = entry.property
        {
            reality =
                "`\(holder.name)` is optional, but optional means missing or null, not empty: JSONDecoder decodes \(TerminalSafeText.escape(entry.type.description)) from {} and its first required key is missing"
        }
        return Explanation(expected: expected, found: found, why: why, reality: reality)
    }

    func valueNotFound(_ error: LocatedDecodingError, node: NodeID) -> Explanation {
        let isContainer = error.debugDescription.contains("decoding container")
        var expected = modelSide(at: node, property: error.property, fallbackType: error.expectedType)
        if isContainer { expected += ", read from a JSON object or array" }
        let entry = typed[node]
        var why: String
        if let entry, !entry.isPropertyValue, entry.property != nil {
            why =
                "the collection's element type is not optional, so a null element cannot be decoded; declare the element type optional to accept null"
        } else {
            why =
                "the key is there but its value is null: decode(_:forKey:) does not accept null, only decodeIfPresent (an optional property) does; a missing key would be keyNotFound"
        }
        if isContainer { why = "JSONDecoder needs an object (or array) here to open a container and finds null; " + why }
        return Explanation(
            expected: expected, found: summary(node).phrase, why: why,
            reality: error.realCause.map { TerminalSafeText.escape($0.explanation) })
    }
}

import DecodingEngine
import JSONTree
import ModelSchema

extension Explainer {
    func typeMismatch(_ error: LocatedDecodingError, node: NodeID) -> Explanation {
        let found = summary(node)
        if found.kind == .null && error.realCause == nil {
            // Foundation reads a null Bool (and only a Bool) as a typeMismatch, "Expected to
            // decode Bool but found null instead."; it is a null all the same, and decodes as one.
            var explanation = valueNotFound(error, node: node)
            explanation.why =
                (explanation.why ?? "")
                + "; Foundation reports a null Bool as typeMismatch where other types get valueNotFound, but the remedy is the same"
            return explanation
        }
        let modelType = typed[node]?.type
        var expected = modelSide(at: node, property: error.property, fallbackType: error.expectedType)
        // Not Foundation's `Array<Any>` for a `[Track]`: it names no type the model's does not.
        if let wanted = error.expectedType, let modelType, wanted != modelType.description, !wanted.hasPrefix(modelType.description),
            !SwiftTypeName.isContainerWording(wanted)
        {
            expected += "; JSONDecoder reads it as \(Self.article(wanted)) \(TerminalSafeText.escape(wanted))"
        }
        var why = mismatchRule(model: modelType, found: found.kind, error: error)
        if let entry = typed[node], entry.isPropertyValue, entry.steps.first == .wrapped, let p = entry.property {
            why += "; `\(p.name)` is optional, but decodeIfPresent forgives only a missing key or null, never a wrong type"
        }
        var reality = error.realCause.map { TerminalSafeText.escape($0.explanation) }
        if error.debugDescription.isEmpty {
            reality = "Foundation gives no message for this error; " + (reality ?? "the value at \(address(node)) is \(found.phrase)")
        }
        return Explanation(expected: expected, found: found.phrase, why: why, reality: reality)
    }

    /// The `Codable` rule behind a type mismatch, in plain words.
    func mismatchRule(model: TypeRef?, found: NodeKind, error: LocatedDecodingError) -> String {
        if error.reason == .enumKeyCount, let model {
            let name = TerminalSafeText.escape(model.description)
            let example = context.schema.typeSchema(for: model)?.cases.first.map { "{\"\($0.name)\": {…}}" } ?? "{\"case\": {…}}"
            return
                "the synthesized Decodable of enum \(name) expects an object with exactly one key naming the case, like \(example); an object that names its case in a field (\"type\": …) needs a hand-written init(from:)"
        }
        switch (model, found) {
        case (.scalar(.date)?, .string):
            let dates = context.options.dates
            if dates == .deferredToDate {
                return
                    "with the default date strategy, .deferredToDate, a Date is read as a Double of seconds since 2001-01-01; a date string needs a date strategy"
            }
            if dates.date(fromNumber: 0) != nil {
                return "the \(Self.strategyName(dates)) date strategy reads a JSON number; this date is a string"
            }
        case (.scalar(.date)?, .number):
            return "the \(Self.strategyName(context.options.dates)) date strategy reads a string; this date is a number"
        case (.scalar(.bool)?, .number):
            return "JSONDecoder never reads 0 or 1 as a Bool: only true and false decode as Bool"
        case (.scalar(let s)?, .string) where Self.isNumeric(s):
            return
                "JSONDecoder never parses a number out of a string: \(Self.article(s.swiftName)) \(s.swiftName) decodes from a JSON number only"
        case (.scalar(.string)?, .number), (.scalar(.string)?, .bool):
            return "JSONDecoder never turns a number or a boolean into a String"
        case (.dictionary(let key, _)?, .object) where !NodeTypes.isObjectKey(key, schema: context.schema):
            return
                "only String, Int and CodingKeyRepresentable keys decode from a JSON object; a dictionary keyed by \(TerminalSafeText.escape(key.swiftSpelling)) is expected as a flat array [key, value, key, value, …]"
        case (.array?, _), (.set?, _):
            return "a Swift array decodes from a JSON array only"
        case (.named?, _), (.dictionary?, _):
            return "a struct, class or dictionary decodes from a JSON object only"
        default: break
        }
        return "JSONDecoder does not convert between JSON kinds: the value must already be what the type reads"
    }

    func dataCorrupted(_ error: LocatedDecodingError, node: NodeID) -> Explanation {
        let found = summary(node)
        let expected = modelSide(at: node, property: error.property, fallbackType: nil)
        if error.reason == .badKey, let cause = error.realCause {
            return Explanation(
                expected: expected, found: found.phrase,
                why: TerminalSafeText.escape(cause.explanation),
                reality:
                    "the key is not valid JSON text: Foundation reads every key of an object it decodes, so the whole object fails with \"The given data was not valid JSON.\"; the key is at \(address(cause.node))"
            )
        }
        if error.reason == .numberDoesNotFit, let cause = error.realCause {
            return Explanation(
                expected: expected, found: found.phrase,
                why: TerminalSafeText.escape(cause.explanation),
                reality: Explanation.numberDoesNotFitReality(at: address(cause.node))
            )
        }
        if error.reason == .iso8601Date {
            let key = tree.key(node).map { "`\(TerminalSafeText.escape($0))` at " } ?? ""
            return Explanation(
                expected: expected + ": an ISO 8601 date-time with a time zone, like \"2024-03-05T10:00:00Z\" (the .iso8601 strategy)",
                found: found.phrase, why: tree.stringValue(node).flatMap(Self.iso8601Trouble),
                reality: "the .iso8601 strategy leaves the date's own key out of the codingPath; the date is \(key)\(address(node))")
        }
        if error.reason == .dateFormat, case .formatted(let format) = context.options.dates {
            return Explanation(
                expected: expected + ": a date string in the format \(ValueSummary.quoted(format)) (the decoder's DateFormatter)",
                found: found.phrase, why: "a formatted date strategy accepts exactly one format; this string does not match it")
        }
        if error.reason == .invalidRawValue, let type = typed[node]?.type, let schema = context.schema.typeSchema(for: type) {
            let values = schema.cases.compactMap { c -> String? in
                switch c.rawValue {
                case .string(let s)?: ValueSummary.quoted(s)
                case .integer(let i)?: String(i)
                case .floatingPoint(let d)?: String(d)
                case nil: nil
                }
            }
            let shown = found.kind == .string && tree.stringValue(node) == "" ? "an empty string \"\"" : found.phrase
            return Explanation(
                expected: expected + ": one of \(TerminalSafeText.escape(schema.name))'s raw values, \(values.joined(separator: ", "))",
                found: shown,
                why: "a raw-value enum's synthesized init(from:) accepts only its cases' raw values; any other value, \"\" included, throws"
            )
        }
        let why: String? =
            switch error.reason {
            case .invalidURL: "URL(string:) rejects this text, so JSONDecoder cannot make a URL of it"
            case .invalidBase64: "the .base64 data strategy reads a base64 string, and this is not one"
            default: nil
            }
        return Explanation(
            expected: expected, found: found.phrase, why: why,
            reality: error.realCause.map { TerminalSafeText.escape($0.explanation) })
    }

    /// What keeps a string from being the ISO 8601 date-time `.iso8601` wants.
    static func iso8601Trouble(_ s: String) -> String? {
        let scalars = Array(s.unicodeScalars)
        guard scalars.count >= 10 else { return "the .iso8601 strategy wants a full date-time like 2024-03-05T10:00:00Z" }
        var problems: [String] = []
        if scalars.count == 10 {
            problems.append("it is a date without a time")
        } else if scalars[10] != "T" {
            problems.append("date and time are separated by \(ValueSummary.quoted(String(scalars[10]))) instead of \"T\"")
        }
        let tail = String(s.suffix(6))
        let hasZone = s.hasSuffix("Z") || tail.first == "+" || tail.first == "-" || tail.dropFirst().first == "+"
        if scalars.count > 10, !hasZone { problems.append("it has no time zone (Z or +hh:mm)") }
        guard !problems.isEmpty else { return "the .iso8601 strategy wants yyyy-MM-ddTHH:mm:ss with a time zone" }
        return problems.joined(separator: " and ")
    }

    static func isNumeric(_ s: ScalarType) -> Bool {
        switch s {
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64, .float, .double, .cgFloat, .decimal: true
        default: false
        }
    }

    /// The strategy as Swift spells it, a format quoted: `.formatted("yyyy-MM-dd")`.
    static func strategyName(_ strategy: DecodeOptions.DateStrategy) -> String {
        strategy.swiftValue { ValueSummary.quoted($0) }
    }
}

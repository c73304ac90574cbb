import DecodingEngine
import JSONTree
import ModelSchema

/// Compiled mode's explanations of the types whose errors Foundation words least helpfully, at
/// parity with schema mode: a `Date` the decoder's strategy cannot read, and a raw value a
/// raw-value enum does not declare. The type is the one the throwing call asked for (the trace's
/// `type`), never read back from Foundation's message.
extension CompiledTeacher {
    /// The explanation for a call that asked for a `Date` or a raw-value enum; nil for others.
    func explainType(_ error: LocatedDecodingError, thrower: Thrower?, place: String) -> Explanation? {
        guard error.kind == .typeMismatch || error.kind == .dataCorrupted, let typeName = thrower?.entry.site?.type,
            let node = thrower?.entry.node ?? error.node
        else { return nil }
        let found = ValueSummary(tree: tree, node: node)
        if typeName == "Date" || typeName == "Foundation.Date" {
            guard request.decoderExpression == nil else {
                return Explanation(
                    expected: "a Date as the app's decoder reads it\(place)", found: found.phrase,
                    why:
                        "the app's decoder (--decoder) has a date strategy that cannot read this value; the strategy is the decoder's, for every Date"
                )
            }
            let strategy = request.options.dates
            return Explanation(
                expected: "a Date as the \(Explainer.strategyName(strategy)) date strategy reads it: \(Self.dateForm(strategy))\(place)",
                found: found.phrase,
                why: "the date strategy is the decoder's, for every Date: it must be the one the payload's dates are written in")
        }
        guard let enumType = schema.types.values.first(where: { $0.name == typeName || $0.qualifiedName == typeName }),
            case .rawValue(let raw, let cases)? = enumType.decoding
        else { return nil }
        let values = cases.compactMap { c -> String? in
            switch c.rawValue {
            case .string(let s)?: ValueSummary.quoted(s)
            case .integer(let i)?: String(i)
            case .floatingPoint(let d)?: String(d)
            case nil: raw == .string ? ValueSummary.quoted(c.name) : nil
            }
        }
        let shown = values.prefix(8).joined(separator: ", ") + (values.count > 8 ? ", … (\(values.count) cases)" : "")
        return Explanation(
            expected: "one of \(enumType.name)'s raw values: \(shown)\(place)", found: found.phrase,
            why:
                "a raw-value enum's synthesized init(from:) decodes its raw value and calls init(rawValue:), which fails for any value not declared as a case; add the case, or a hand-written init(from:) with a fallback case"
        )
    }

    /// What a date strategy reads, in words.
    static func dateForm(_ strategy: DecodeOptions.DateStrategy) -> String {
        switch strategy {
        case .deferredToDate: "a number of seconds since 2001-01-01 (Date's own Decodable)"
        case .secondsSince1970: "a number of seconds since 1970"
        case .millisecondsSince1970: "a number of milliseconds since 1970"
        case .iso8601: "an ISO 8601 date-time string like \"2024-03-05T10:00:00Z\""
        case .formatted(let format): "a date string in the format \(ValueSummary.quoted(format))"
        }
    }

    /// A date strategy that reads the value the call threw on, as a decoder-setting fix verified by
    /// decoding again with the compiled model and that strategy (no file changes). Not offered with
    /// `--decoder`: the app's decoder is the truth, and its strategy is set in its own code.
    func dateStrategyFix(for error: LocatedDecodingError, thrower: Thrower) -> Fix? {
        guard request.decoderExpression == nil, error.kind == .typeMismatch || error.kind == .dataCorrupted,
            let typeName = thrower.entry.site?.type, typeName == "Date" || typeName == "Foundation.Date",
            let node = thrower.entry.node ?? error.node
        else { return nil }
        let strategy: DecodeOptions.DateStrategy
        switch tree.kind(node) {
        case .number:
            guard let value = tree.number(node).flatMap({ try? $0.double.get() }) else { return nil }
            strategy = abs(value) > 1e11 ? .millisecondsSince1970 : .secondsSince1970
        case .string:
            guard let text = tree.stringValue(node) else { return nil }
            if DateFormats.isISO8601(text) {
                strategy = .iso8601
            } else if let format = DateFormats.single(for: [text]) {
                strategy = .formatted(format)
            } else {
                return nil
            }
        default:
            return nil
        }
        guard strategy != request.options.dates else { return nil }
        var options = request.options
        options.dates = strategy
        let verifier = CompiledFixVerifier(schema: schema, request: request, tree: tree, node: self.node, target: error)
        guard let verdict = verifier.verify([], options: options) else { return nil }
        let setting = DateFormats.setting(for: strategy)
        return Fix(
            kind: .dateStrategy, title: "Decode dates with \(Explainer.strategyName(strategy))",
            detail:
                "The date the code threw on is \(ValueSummary(tree: tree, node: node).phrase), which \(Explainer.strategyName(strategy)) reads. The strategy is the decoder's, for every Date.",
            changes: [], decoderSetting: setting, verdict: verdict)
    }
}

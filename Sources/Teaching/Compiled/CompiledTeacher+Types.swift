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
            guard request.models.decoderExpression == nil else {
                return Explanation(
                    expected: "a Date as the app's decoder reads it\(place)", found: found.phrase,
                    why:
                        "the app's decoder (--decoder) has a date strategy that cannot read this value; the strategy is the decoder's, for every Date"
                )
            }
            let strategy = request.options.dates
            return Explanation(
                expected:
                    "a Date as the \(Explainer.strategyName(strategy)) date strategy reads it: \(strategy.reads(quoted: ValueSummary.quoted))\(place)",
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

    /// A date strategy that reads the value the call threw on, verified by decoding again with the
    /// compiled model and that strategy: a decoder setting, or with `--decoder` the edit of the app's
    /// decoder function that sets it (``strategyFix(_:title:detail:kind:)``).
    func dateStrategyFix(for error: LocatedDecodingError, thrower: Thrower) -> Fix? {
        guard error.kind == .typeMismatch || error.kind == .dataCorrupted,
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
        return strategyFix(
            .dates(strategy), for: error, title: "Decode dates with \(Explainer.strategyName(strategy))",
            detail:
                "The date the code threw on is \(ValueSummary(tree: tree, node: node).phrase), which \(Explainer.strategyName(strategy)) reads. The strategy is the decoder's, for every Date.",
            kind: .dateStrategy)
    }

    /// `.convertFromSnakeCase` for a key the object sends in snake_case (`created_at` for
    /// `createdAt`), verified as ``dateStrategyFix(for:thrower:)`` is.
    func keyStrategyFix(for error: LocatedDecodingError) -> Fix? {
        guard error.kind == .keyNotFound, let key = error.key, let object = error.node, tree.kind(object) == .object,
            let sent = tree.children(object).compactMap({ tree.key($0) }).first(where: { $0 != key && SnakeCase.convert($0) == key })
        else { return nil }
        return strategyFix(
            .keys(.convertFromSnakeCase), for: error, title: "Decode with .convertFromSnakeCase",
            detail:
                "The payload sends \(ValueSummary.quoted(sent)) where the code asks for \(ValueSummary.quoted(key)); the strategy converts snake_case keys (\"line_items\" becomes \"lineItems\") before they are compared with the model's keys, for every key the decoder reads.",
            kind: .convertFromSnakeCase)
    }

    /// A strategy as a verified fix. Without `--decoder`: a decoder setting, decoded again with the
    /// compiled model and the strategy. With `--decoder`: the edit of the app's decoder function
    /// that sets it (``DecoderFunction``), compiled and decoded again by that decoder; not offered
    /// when the function cannot be found in the model sources.
    func strategyFix(
        _ strategy: DecoderSetting.Strategy, for error: LocatedDecodingError, title: String, detail: String, kind: Fix.Kind
    )
        -> Fix?
    {
        let verifier = CompiledFixVerifier(schema: schema, request: request, tree: tree, node: self.node, target: error)
        guard let expression = request.models.decoderExpression else {
            guard let options = DecoderSetting(strategy).applied(to: request.options), options != request.options,
                let verdict = verifier.verify([], options: options)
            else { return nil }
            return Fix(kind: kind, title: title, detail: detail, changes: [], decoderSetting: DecoderSetting(strategy), verdict: verdict)
        }
        guard let function = DecoderFunction.find(expression: expression, in: schema.sources),
            let change = function.change(setting: strategy), let verdict = verifier.verify([change])
        else { return nil }
        return Fix(
            kind: kind, title: title + " in \(expression)",
            detail: detail + " It is set in the app's decoder, \(expression), where the app sets its strategies.", changes: [change],
            verdict: verdict)
    }
}

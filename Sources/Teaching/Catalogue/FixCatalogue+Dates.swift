import DecodingEngine
import JSONTree
import ModelSchema

extension FixCatalogue {
    /// A date the strategy cannot read: the strategy that reads every date of the payload.
    ///
    /// The strategy is the decoder's, for every `Date`, so it is chosen from all the dates the
    /// model reads, not only the failing one: numbers are seconds or milliseconds (by their
    /// size); strings are ISO 8601, one `DateFormatter` format, or else a `.custom` strategy
    /// trying the few formats that together parse them all.
    func dateStrategyCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard error.kind == .typeMismatch || error.kind == .dataCorrupted, let node = subject(of: error),
            typed[node]?.type == .scalar(.date)
        else { return [] }
        let dates = typed.nodes(ofType: .scalar(.date)).filter { tree.kind($0) != .null }
        let kinds = Set(dates.map { tree.kind($0) })
        let current = context.options.dates
        var result: [FixCandidate] = []
        if kinds == [.number] {
            let values = dates.compactMap { tree.number($0).flatMap { try? $0.double.get() } }
            let strategy: DecodeOptions.DateStrategy = values.contains { abs($0) > 1e11 } ? .millisecondsSince1970 : .secondsSince1970
            if strategy != current {
                result.append(
                    strategyCandidate(
                        strategy, count: dates.count,
                        detail: strategy == .millisecondsSince1970
                            ? "The numbers are too large for seconds (they would fall thousands of years ahead): they are milliseconds since 1970."
                            : "The numbers are seconds since 1970 (milliseconds would be a thousand times larger)."))
            }
        } else if kinds == [.string] {
            let strings = Set(dates.compactMap { tree.stringValue($0) }).sorted()
            if strings.allSatisfy(DateFormats.isISO8601) {
                if current != .iso8601 {
                    result.append(strategyCandidate(.iso8601, count: dates.count, detail: "Every date string in the payload is ISO 8601."))
                }
            } else if let format = DateFormats.single(for: strings) {
                if current != .formatted(format) {
                    result.append(
                        strategyCandidate(
                            .formatted(format), count: dates.count,
                            detail: "Every date string in the payload matches the format \(ValueSummary.quoted(format)) exactly."))
                }
            } else if let formats = DateFormats.covering(strings) {
                result.append(customCandidate(formats, dates: dates))
            }
        }
        return result
    }

    func strategyCandidate(_ strategy: DecodeOptions.DateStrategy, count: Int, detail: String) -> FixCandidate {
        var options = context.options
        options.dates = strategy
        let name = Explainer.strategyName(strategy)
        return FixCandidate(
            kind: .dateStrategy, title: "Decode dates with \(name)",
            detail: detail + " (\(count) date\(count == 1 ? "" : "s") read by the model.) The strategy is the decoder's, for every Date.",
            options: options, decoderSetting: DateFormats.setting(for: strategy), check: .redecode())
    }

    func customCandidate(_ formats: [String?], dates: [NodeID]) -> FixCandidate {
        let names = formats.map { $0.map(ValueSummary.quoted) ?? "ISO 8601" }
        let dateSet = Set(dates)
        let absorbs: @Sendable (LocatedDecodingError) -> Bool = { e in
            (e.kind == .typeMismatch || e.kind == .dataCorrupted) && self.subject(of: e).map(dateSet.contains) ?? false
        }
        return FixCandidate(
            kind: .dateStrategy, title: "Decode dates with a .custom strategy: \(names.joined(separator: ", then "))",
            detail:
                "No single strategy reads all \(dates.count) date strings of the payload; these formats together do, tried in order. `check` has no flag for a .custom strategy.",
            decoderSetting: DecoderSetting(.customDates(formats)),
            check: .valueByValue(absorbs: absorbs, newErrors: 0))
    }
}

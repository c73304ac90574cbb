import Foundation

/// Decides which string positions hold dates, and the one decoding strategy that parses
/// every date in them.
///
/// A position is a date only when every one of its strings parses, checked with Foundation
/// itself: JSONDecoder's `.iso8601` when all of them are ISO 8601 date-times without
/// fractional seconds that it reads,
/// else `DateFormatter` with the pattern each string is written in (`DatePattern`). One
/// pattern for the whole payload becomes `.formatted`; several become a `.custom` strategy
/// that tries them in turn. Numbers are never taken for dates: seconds and milliseconds
/// since 1970 cannot be told apart from counts and ids.
struct DateDetector {
    func decide(_ shapes: [Shape]) -> DateStrategy {
        let positions = shapes.filter { $0.strings.count > 0 && $0.strings.allDateLike && !$0.strings.dateCandidates.isEmpty }
        guard !positions.isEmpty else { return .none }

        if positions.allSatisfy({ Self.iso8601Decodes($0.strings.dateCandidates) }) {
            for position in positions { position.isDate = true }
            return .iso8601
        }

        var formatters: [String: DateFormatter] = [:]
        var coverage: [String: Int] = [:]
        for position in positions {
            var used: [String: Int] = [:]
            var parsesAll = true
            for text in position.strings.dateCandidates {
                guard let pattern = DatePattern.pattern(for: text) else { parsesAll = false; break }
                let formatter = formatters[pattern] ?? DateFormatting.formatter(pattern)
                formatters[pattern] = formatter
                guard formatter.date(from: text) != nil else { parsesAll = false; break }
                used[pattern, default: 0] += 1
            }
            guard parsesAll else { continue }
            position.isDate = true
            coverage.merge(used, uniquingKeysWith: +)
        }
        let patterns = coverage.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        switch patterns.count {
        case 0: return .none
        case 1: return .formatted(patterns[0])
        default: return .patterns(patterns)
        }
    }

    /// Whether JSONDecoder's `.iso8601` reads every one of these strings, here and on older
    /// Apple platforms, whose `.iso8601` refuses fractional seconds: strings with a fraction
    /// are left to a formatter.
    static func iso8601Decodes(_ texts: Set<String>) -> Bool {
        guard texts.allSatisfy({ DatePattern.isISO8601DateTime($0) && !$0.contains(".") }) else { return false }
        // The strings hold no quote or backslash (checked above), so they go into JSON as they are.
        let json = "[" + texts.map { "\"" + $0 + "\"" }.joined(separator: ",") + "]"
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode([Date].self, from: Data(json.utf8))) != nil
    }
}

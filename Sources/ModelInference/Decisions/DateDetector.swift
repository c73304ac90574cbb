import CodableExplorerRunner
import Foundation

/// Decides which string positions hold dates, and the one decoding strategy that parses
/// every date in them.
///
/// A position is a date only when every one of its strings parses, checked with Foundation
/// itself: JSONDecoder's `.iso8601` when all of them are ISO 8601 date-times without
/// fractional seconds that it reads,
/// else `DateFormatter` with the pattern each string is written in (`DatePattern`). One
/// pattern for the whole payload becomes `.formatted`; several become a `.custom` strategy
/// that tries them in turn. Numbers are dates only when there are no date strings (the
/// decoder has one strategy), their key is named as a time (`created_at`, `timestamp`,
/// `updatedAt`) and every one is a whole number of seconds, or of milliseconds, since 1970
/// that falls in 2000–2100: counts and ids are never named so, and rarely all in that range.
struct DateDetector {
    func decide(_ shapes: [Shape]) -> DateStrategy {
        let positions = shapes.filter { $0.strings.count > 0 && $0.strings.allDateLike && !$0.strings.dateCandidates.isEmpty }
        guard !positions.isEmpty else { return epochs(shapes) }

        if positions.allSatisfy({ Self.iso8601Decodes($0.strings.dateCandidates) }) {
            for position in positions { position.isDate = true }
            return .strategy(.iso8601)
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
        case 1: return .strategy(.formatted(patterns[0]))
        default: return .patterns(patterns)
        }
    }

    /// Seconds since 2000-01-01 and since 2100-01-01, the years an epoch time of a payload falls in.
    static let epochSeconds: ClosedRange<Int64> = 946_684_800...4_102_444_800

    /// Number positions that are epoch times: all in seconds or all in milliseconds (the unit
    /// more of them use wins; the others stay numbers).
    private func epochs(_ shapes: [Shape]) -> DateStrategy {
        var seconds: [Shape] = [], milliseconds: [Shape] = []
        for shape in shapes where shape.numbers.count > 0 && shape.kinds == [.number] && shape.numbers.allIntegerLiterals {
            guard let range = shape.numbers.integerRange, Self.namesATime(shape.path) else { continue }
            let inSeconds = Self.epochSeconds
            let inMilliseconds = (inSeconds.lowerBound * 1000)...(inSeconds.upperBound * 1000)
            if inSeconds.contains(range.lowerBound) && inSeconds.contains(range.upperBound) { seconds.append(shape) }
            if inMilliseconds.contains(range.lowerBound) && inMilliseconds.contains(range.upperBound) { milliseconds.append(shape) }
        }
        guard !seconds.isEmpty || !milliseconds.isEmpty else { return .none }
        let useSeconds = seconds.count >= milliseconds.count
        for shape in useSeconds ? seconds : milliseconds { shape.isDate = true }
        return .strategy(useSeconds ? .secondsSince1970 : .millisecondsSince1970)
    }

    /// Whether the last key of a shape's path names a time: `created_at`, `updatedAt`,
    /// `timestamp`, `time`, `date`, `expires`, `last_seen`.
    static func namesATime(_ path: String) -> Bool {
        guard let last = path.split(separator: ".").last, !last.hasSuffix("]") else { return false }
        let words = last.replacingOccurrences(of: "-", with: "_").split(separator: "_").flatMap { part in
            // camelCase into words: `createdAt` → created, at
            part.reduce(into: [""]) { words, c in
                if c.isUppercase, !(words.last ?? "").isEmpty { words.append("") }
                words[words.count - 1].append(c)
            }
        }.map { $0.lowercased() }
        let times: Set<String> = [
            "at", "time", "timestamp", "ts", "date", "datetime", "created", "updated", "modified", "expires", "expiry", "epoch", "seen",
            "since", "until", "when",
        ]
        return words.contains { times.contains($0) }
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

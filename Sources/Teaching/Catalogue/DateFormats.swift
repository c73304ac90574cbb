import DecodingEngine
import Foundation

/// Date formats a fix can propose, and which of them parse a set of date strings.
///
/// Formatters are set up as the explorer's `formatted:` strategy sets them (and as the code a
/// fix shows does): `en_US_POSIX`, UTC. "ISO 8601" is Foundation's `ISO8601DateFormatter`
/// with internet date-time, with or without fractional seconds, as `.iso8601` reads here.
enum DateFormats {
    /// Tried in this order; the first that parses every string wins.
    static let catalogue = [
        "yyyy-MM-dd'T'HH:mm:ssZZZZZ", "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss.SSS",
        "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm:ss.SSS", "yyyy-MM-dd HH:mm:ssZZZZZ", "yyyy-MM-dd HH:mm:ss Z", "yyyy-MM-dd HH:mm",
        "yyyy-MM-dd", "yyyy/MM/dd HH:mm:ss", "yyyy/MM/dd", "MM/dd/yyyy HH:mm:ss", "MM/dd/yyyy", "dd/MM/yyyy", "dd.MM.yyyy",
        "yyyyMMdd", "EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd MMM yyyy HH:mm:ss Z", "EEE MMM dd HH:mm:ss Z yyyy",
        "dd MMM yyyy", "MMM d, yyyy",
    ]

    static func formatter(_ format: String) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = format
        return f
    }

    static func iso8601(fractional: Bool) -> ISO8601DateFormatter {
        let f = ISO8601DateFormatter()
        f.formatOptions = fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return f
    }

    /// Whether ISO 8601 (as `.iso8601` reads it here) parses the string.
    static func isISO8601(_ s: String) -> Bool {
        iso8601Whole.date(from: s) != nil || iso8601Fractional.date(from: s) != nil
    }

    /// The two ISO 8601 readers, made once: a formatter made per date string (two per string,
    /// 34,000 for a 20 MB payload's dates) was a third of `check`'s time on a date error.
    /// (`ISO8601DateFormatter` is thread-safe; candidates are verified side by side.)
    nonisolated(unsafe) private static let iso8601Whole = iso8601(fractional: false)
    nonisolated(unsafe) private static let iso8601Fractional = iso8601(fractional: true)

    /// The first catalogue format that parses every string.
    static func single(for strings: [String]) -> String? {
        catalogue.first { format in
            let f = formatter(format)
            return strings.allSatisfy { f.date(from: $0) != nil }
        }
    }

    /// A few formats (nil standing for ISO 8601) that together parse every string, or nil.
    static func covering(_ strings: [String]) -> [String?]? {
        var left = strings
        var chosen: [String?] = []
        if left.contains(where: isISO8601) {
            chosen.append(nil)
            left.removeAll(where: isISO8601)
        }
        while !left.isEmpty {
            let best = catalogue.map { format -> (String, Int) in
                let f = formatter(format)
                return (format, left.filter { f.date(from: $0) != nil }.count)
            }.max { $0.1 < $1.1 }
            guard let best, best.1 > 0 else { return nil }
            let format = best.0
            let f = formatter(format)
            left.removeAll { f.date(from: $0) != nil }
            chosen.append(format)
        }
        return chosen
    }

    /// The `.custom` strategy trying these formats in order, as Swift.
    static func customStrategy(_ formats: [String?]) -> String {
        var lines = [
            "decoder.dateDecodingStrategy = .custom { decoder in",
            "    let container = try decoder.singleValueContainer()",
            "    let text = try container.decode(String.self)",
        ]
        for format in formats {
            if let format {
                lines += [
                    "    do {",
                    "        let formatter = DateFormatter()",
                    "        formatter.locale = Locale(identifier: \"en_US_POSIX\")",
                    "        formatter.timeZone = TimeZone(identifier: \"UTC\")",
                    "        formatter.dateFormat = \(SwiftNames.literal(format))",
                    "        if let date = formatter.date(from: text) { return date }",
                    "    }",
                ]
            } else {
                lines += [
                    "    for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {",
                    "        let iso = ISO8601DateFormatter()",
                    "        iso.formatOptions = options",
                    "        if let date = iso.date(from: text) { return date }",
                    "    }",
                ]
            }
        }
        lines += [
            "    throw DecodingError.dataCorruptedError(in: container, debugDescription: \"Unrecognised date: \\(text)\")",
            "}",
        ]
        return lines.joined(separator: "\n")
    }

    /// The decoder setting for a date strategy.
    static func setting(for strategy: DecodeOptions.DateStrategy) -> DecoderSetting {
        DecoderSetting(.dates(strategy))
    }

    /// The Swift that sets a date strategy on a `JSONDecoder` named `decoder` (a formatter's
    /// lines first for `.formatted`).
    static func swift(for strategy: DecodeOptions.DateStrategy) -> String {
        let assignment = "decoder.dateDecodingStrategy = " + strategy.swiftValue { _ in "formatter" }
        guard let format = strategy.format else { return assignment }
        return """
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = \(SwiftNames.literal(format))
            \(assignment)
            """
    }
}

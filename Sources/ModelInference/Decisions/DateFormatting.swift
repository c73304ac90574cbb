import Foundation

/// The one place that says how a date pattern is set up, for the check in ``DateDetector`` and for the
/// code `makeDecoder()` is rendered with (``DecoderRenderer``): they must agree.
enum DateFormatting {
    static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = pattern
        return formatter
    }

    /// The same set-up as Swift source, one statement per line, for a formatter named `name`
    /// and a pattern given by the Swift expression `pattern`.
    static func setupLines(_ name: String, pattern: String) -> [String] {
        [
            "let \(name) = DateFormatter()",
            "\(name).calendar = Calendar(identifier: .gregorian)",
            "\(name).locale = Locale(identifier: \"en_US_POSIX\")",
            "\(name).timeZone = TimeZone(secondsFromGMT: 0)",
            "\(name).dateFormat = \(pattern)",
        ]
    }
}

import Foundation

/// Everything the tool says about a date strategy, said once, here: how Foundation reads dates
/// with it, how Swift spells it, the `--date-strategy` word for it, what a number means under it,
/// and how it is put to people. The engine, the command line, the `o` menu, explanations, fixes and
/// inference all read these, so a new strategy is a case of ``RunnerOptions/Dates`` and its lines
/// in the switches below. Foundation only: the runner is built from this file too.
extension RunnerOptions.Dates {
    /// The strategies that take no argument, in the order the `o` menu cycles them (`.formatted`,
    /// with its format, comes after them).
    public static let simpleCases: [Self] = [.deferredToDate, .iso8601, .secondsSince1970, .millisecondsSince1970]

    /// The strategies that read a JSON number (``date(fromNumber:)``), in the order a warning about
    /// an implausible date proposes another: counts since 1970 first, `Date`'s own 2001 last.
    public static let numberCases: [Self] = [.secondsSince1970, .millisecondsSince1970, .deferredToDate]

    /// The format of `.formatted`; nil for the other strategies.
    public var format: String? {
        if case .formatted(let format) = self { format } else { nil }
    }

    /// Foundation's strategy; `.formatted` with a `DateFormatter` set up as every formatted date
    /// here is read: `en_US_POSIX`, UTC.
    public var foundationStrategy: JSONDecoder.DateDecodingStrategy {
        switch self {
        case .deferredToDate: .deferredToDate
        case .iso8601: .iso8601
        case .secondsSince1970: .secondsSince1970
        case .millisecondsSince1970: .millisecondsSince1970
        case .formatted(let format): .formatted(Self.formatter(format))
        }
    }

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.dateFormat = format
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }

    /// The date a JSON number stands for under this strategy, computed as `JSONDecoder` computes
    /// it; nil for a strategy that reads strings.
    public func date(fromNumber number: Double) -> Date? {
        switch self {
        case .deferredToDate: Date(timeIntervalSinceReferenceDate: number)
        case .secondsSince1970: Date(timeIntervalSince1970: number)
        case .millisecondsSince1970: Date(timeIntervalSince1970: number / 1000)
        case .iso8601, .formatted: nil
        }
    }

    /// The case as Swift spells it: `.millisecondsSince1970`; `.formatted` without its formatter.
    public var swiftName: String {
        switch self {
        case .deferredToDate: ".deferredToDate"
        case .iso8601: ".iso8601"
        case .secondsSince1970: ".secondsSince1970"
        case .millisecondsSince1970: ".millisecondsSince1970"
        case .formatted: ".formatted"
        }
    }

    /// The strategy as a Swift expression: ``swiftName``, with `.formatted`'s argument as
    /// `formatter` writes it from the format (a variable's name, or the format quoted).
    public func swiftValue(formatter: (_ format: String) -> String) -> String {
        format.map { "\(swiftName)(\(formatter($0)))" } ?? swiftName
    }

    /// The word `--date-strategy` takes for it: `milliseconds`, `formatted:yyyy-MM-dd`.
    public var flagWord: String {
        switch self {
        case .deferredToDate: "deferred"
        case .iso8601: "iso8601"
        case .secondsSince1970: "seconds"
        case .millisecondsSince1970: "milliseconds"
        case .formatted(let format): Self.formattedPrefix + format
        }
    }

    /// The strategy a `--date-strategy` word names; nil for a word that names none (and for
    /// `formatted:` without a format).
    public init?(flagWord word: String) {
        if word.hasPrefix(Self.formattedPrefix) {
            let format = String(word.dropFirst(Self.formattedPrefix.count))
            guard !format.isEmpty else { return nil }
            self = .formatted(format)
        } else if let simple = Self.simpleCases.first(where: { $0.flagWord == word }) {
            self = simple
        } else {
            return nil
        }
    }

    /// Every `--date-strategy` word, `formatted:FORMAT` standing for the formatted ones: for the
    /// flag's help and for the message about a word it does not take.
    public static var flagWords: [String] { (simpleCases + [.formatted("FORMAT")]).map(\.flagWord) }

    private static let formattedPrefix = "formatted:"

    /// The strategy in a few words, as the `o` menu shows it: "milliseconds since 1970",
    /// "formatted" and the format as `quoted` writes it.
    public func phrase(quoted: (String) -> String) -> String {
        switch self {
        case .deferredToDate: "deferred (seconds since 2001)"
        case .iso8601: "iso8601"
        case .secondsSince1970: "seconds since 1970"
        case .millisecondsSince1970: "milliseconds since 1970"
        case .formatted(let format): "formatted \(quoted(format))"
        }
    }

    /// What the strategy reads, as an explanation of a date it could not read says it: "a number
    /// of milliseconds since 1970".
    public func reads(quoted: (String) -> String) -> String {
        switch self {
        case .deferredToDate: "a number of seconds since 2001-01-01 (Date's own Decodable)"
        case .iso8601: "an ISO 8601 date-time string like \"2024-03-05T10:00:00Z\""
        case .secondsSince1970: "a number of seconds since 1970"
        case .millisecondsSince1970: "a number of milliseconds since 1970"
        case .formatted(let format): "a date string in the format \(quoted(format))"
        }
    }

    /// What the strategy reads, in brief, as a note on a line of a synthesized `init(from:)` says
    /// it: "a number of milliseconds".
    public func readsInBrief(quoted: (String) -> String) -> String {
        switch self {
        case .deferredToDate: "a Double of seconds since 2001-01-01"
        case .iso8601: "an ISO 8601 string"
        case .secondsSince1970: "a number of seconds"
        case .millisecondsSince1970: "a number of milliseconds"
        case .formatted(let format): "a string in the format \(quoted(format))"
        }
    }
}

import CodableExplorerRunner

/// How the generated `makeDecoder()` reads dates.
public enum DateStrategy: Hashable, Sendable {
    /// No property is a `Date`.
    case none
    /// One of `JSONDecoder`'s own strategies, the explorer's vocabulary for them: `.iso8601`;
    /// `.formatted` with one `DateFormatter` pattern (en_US_POSIX, Gregorian, UTC when the string
    /// carries no zone); numbers of seconds or milliseconds since 1970, told by the key's name and
    /// years.
    case strategy(RunnerOptions.Dates)
    /// `.custom`: each string is tried with these patterns in turn, as several formats occur.
    case patterns([String])

    /// The `JSONDecoder` strategy, for the explorer to decode with; nil when there is none
    /// (`none`, and `patterns`, which take a closure).
    public var decoderStrategy: RunnerOptions.Dates? {
        if case .strategy(let strategy) = self { strategy } else { nil }
    }
}

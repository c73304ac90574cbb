/// How the generated `makeDecoder()` reads dates.
public enum DateStrategy: Hashable, Sendable {
    /// No property is a `Date`.
    case none
    /// `JSONDecoder`'s own `.iso8601`.
    case iso8601
    /// `.formatted` with one `DateFormatter` pattern (en_US_POSIX, Gregorian, UTC when the
    /// string carries no zone).
    case formatted(String)
    /// `.custom`: each string is tried with these patterns in turn, as several formats occur.
    case patterns([String])
    /// Numbers of seconds since 1970 (`.secondsSince1970`), told by the key's name and years.
    case secondsSince1970
    /// Numbers of milliseconds since 1970 (`.millisecondsSince1970`), told by the key's name and years.
    case millisecondsSince1970
}

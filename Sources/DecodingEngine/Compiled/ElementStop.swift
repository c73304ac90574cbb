/// Why the decode of one element never answered, in all-errors mode: the runner ran past the time
/// limit on it, or died of a signal while on it. It becomes an error of its own on the element's node
/// (``LocatedDecodingError/Reason/elementTimedOut``, ``LocatedDecodingError/Reason/elementCrashed``),
/// and the elements after it are decoded by a new runner, so it never hides the errors around it.
enum ElementStop: Sendable, Hashable {
    case timedOut(seconds: Double)
    /// `trap`: the runtime's own words, when it printed them.
    case crashed(signal: Int32, trap: String?)

    var reason: LocatedDecodingError.Reason {
        switch self {
        case .timedOut: .elementTimedOut
        case .crashed: .elementCrashed
        }
    }
}

import Foundation

/// The cache's cleanup rule, the one ``CachedRunners``, ``IncrementalFolders`` and ``RunnerBase`` follow:
/// keep the ``kept`` most recently used entries, never remove one used in the last
/// ``minimumAge`` seconds (a build or a check side by side may be about to use it), remove the
/// rest. Only the rule: what an entry is, when it was last used and how it is removed stay
/// with its owner (a runner and its record, a folder and its lock).
struct LeastRecentlyUsed: Sendable, Hashable {
    /// How many of the most recently used entries stay, however old.
    var kept: Int
    /// An entry used in this many seconds is never removed, however many there are.
    var minimumAge: Double

    /// The entries to remove, each given with when it was last used (seconds since 1970): all
    /// but the ``kept`` most recently used, less those used after `now` - ``minimumAge``; the
    /// most recently used of them first.
    func removed<Entry>(from entries: [(entry: Entry, used: Double)], now: Double = Date().timeIntervalSince1970) -> [Entry] {
        guard entries.count > kept else { return [] }
        return entries.sorted { $0.used > $1.used }.dropFirst(max(kept, 0)).filter { now - $0.used > minimumAge }.map(\.entry)
    }
}

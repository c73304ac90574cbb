import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cache's runners (`runners/runner-<key>` with their records), kept to a bounded number: every
/// edit of a model and every fix candidate builds a runner of its own, keyed by its text, and
/// without a bound they pile up for ever. A runner's record is touched each time the runner is
/// used; after a build, ``LeastRecentlyUsed`` says which go: those beyond ``kept``, but never one
/// used in the last ``minimumAge`` seconds (a check side by side may be about to run it). A
/// removed runner only costs its model a build on its next use (incremental: a link).
enum CachedRunners {
    /// How many runners stay: the models and edits a user goes back to, and their fixes.
    static let kept = 32

    /// A runner used in this time is never removed, however many there are.
    static let minimumAge: Double = 600

    /// Marks the runner as used now (its record's time), so that a prune keeps it.
    static func used(_ runner: URL) {
        _ = utimes(BuildRecord.file(for: runner).path, nil)
    }

    /// Removes the least recently used runners in `folder` beyond `keeping`, with their records.
    /// A runner goes before its record: a check in between finds it missing and builds it quietly,
    /// where a runner without its record would be rebuilt as untrusted, with a warning.
    static func prune(in folder: URL, keeping: Int = kept) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let runners = names.filter { $0.hasPrefix(RunnerCache.runnerPrefix) && !$0.hasSuffix(".record") }.compactMap {
            name -> (entry: URL, used: Double)? in
            let url = folder.appendingPathComponent(name)
            guard PrivateFolder.isTrustedFile(url) else { return nil }
            return (url, lastUsed(url))
        }
        for runner in LeastRecentlyUsed(kept: keeping, minimumAge: minimumAge).removed(from: runners) {
            unlink(runner.path)
            unlink(BuildRecord.file(for: runner).path)
        }
    }

    /// When the runner was last used: its record's time (touched at each use), else the runner's.
    static func lastUsed(_ runner: URL) -> Double {
        [runner, BuildRecord.file(for: runner)].compactMap(PrivateFolder.modified).max() ?? 0
    }
}

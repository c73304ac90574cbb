import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cache's incremental build folders (``IncrementalBuild``, `incremental/<key>`), kept to a
/// bounded number: each set of model files (and each fix candidate's) leaves one, with swiftc's
/// objects and a linked runner, and without a bound they pile up for ever. After a build,
/// ``LeastRecentlyUsed`` says which go (a folder is used when it is built in); one a build holds
/// (its `lock`) is left alone. A removed folder only costs that set of files a full build on its
/// next change.
enum IncrementalFolders {
    /// How many folders stay: the model sets a user switches between, and a few fix candidates.
    static let kept = 8

    /// A folder made or built in this time is never removed, however many there are: a build
    /// makes its folder before it takes the folder's lock, and checks running side by side (a
    /// script, a test run) would otherwise remove each other's folders in that moment.
    static let minimumAge: Double = 600

    /// Removes the least recently built folders under `cache`'s `incremental` folder beyond
    /// `keeping`, skipping any whose lock another build holds. The folders left are untouched
    /// (their private permissions stay as they were made).
    static func prune(cache: URL, keeping: Int = kept) {
        let parent = cache.appendingPathComponent("incremental")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(removingPrefix) {
            // Left by a prune that was killed while it removed.
            let owner = name.dropFirst(removingPrefix.count).split(separator: "-").first.flatMap { pid_t($0) }
            if let owner, kill(owner, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
        let folders = names.filter { !$0.hasPrefix(".") }.compactMap { name -> (entry: URL, used: Double)? in
            let url = parent.appendingPathComponent(name)
            guard let built = lastBuilt(url) else { return nil }
            return (url, built)
        }
        for folder in LeastRecentlyUsed(kept: keeping, minimumAge: minimumAge).removed(from: folders) { remove(folder, in: parent) }
    }

    /// When the folder was last built in: the newest change of the folder itself or of swiftc's
    /// state in it (each build writes there); nil when it is not a folder of the user's own.
    static func lastBuilt(_ folder: URL) -> Double? {
        guard (try? PrivateFolder.check(folder)) != nil else { return nil }
        return [folder, folder.appendingPathComponent("state")].compactMap(PrivateFolder.modified).max()
    }

    /// Takes the folder's lock without waiting (a build holding it keeps its folder), moves the
    /// folder aside under a name no build uses, and removes it there.
    private static let removingPrefix = ".removing-"

    private static func remove(_ folder: URL, in parent: URL) {
        let lockFile = open(folder.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockFile >= 0 else { return }
        defer { close(lockFile) }
        guard flock(lockFile, LOCK_EX | LOCK_NB) == 0 else { return }
        let aside = parent.appendingPathComponent("\(removingPrefix)\(getpid())-\(folder.lastPathComponent)")
        guard rename(folder.path, aside.path) == 0 else { return }
        try? FileManager.default.removeItem(at: aside)
    }
}

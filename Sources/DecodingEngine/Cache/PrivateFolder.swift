import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders the tool keeps for itself (its cache, build folders, fix candidates, editor copies):
/// the user's own, readable and writable by the user only (0700), never a link, and made under
/// unpredictable names where they are made anew, so no other local user can plant or swap what
/// the tool runs.
public enum PrivateFolder {
    /// Why a folder cannot be trusted or made.
    public enum Problem: Error, Sendable, Hashable {
        case notOwned(path: String, owner: UInt32)
        case notAFolder(path: String)
        case cannotMake(path: String, reason: String)
    }

    /// `$XDG_CACHE_HOME/codable-explorer`, else `~/Library/Caches/codable-explorer` on macOS or
    /// `~/.cache/codable-explorer`.
    public static func cacheRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("codable-explorer")
        }
        let home = FileManager.default.homeDirectoryForCurrentUser
        #if os(macOS)
        return home.appendingPathComponent("Library/Caches/codable-explorer")
        #else
        return home.appendingPathComponent(".cache/codable-explorer")
        #endif
    }

    /// Makes `folder` (and its missing parents, 0700) if it is missing, and checks that it is the
    /// user's own folder, not a link, with no access for others (taken away if it had some).
    public static func ensure(_ folder: URL) throws(Problem) {
        var missing: [URL] = []
        var probe = folder
        while !exists(probe) && probe.path != "/" {
            missing.insert(probe, at: 0)
            probe.deleteLastPathComponent()
        }
        for url in missing where mkdir(url.path, 0o700) != 0 && errno != EEXIST {
            throw .cannotMake(path: url.path, reason: String(cString: strerror(errno)))
        }
        try check(folder)
    }

    /// A new folder, 0700, with a name nobody can guess, made exclusively (`mkdtemp`) inside `parent`
    /// (which may be shared, like the temporary folder: nothing can be planted in the new folder).
    public static func makeUnique(in parent: URL, prefix: String) throws(Problem) -> URL {
        var template = Array(parent.appendingPathComponent("\(prefix).XXXXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .cannotMake(path: parent.path, reason: String(cString: strerror(errno)))
        }
        return URL(fileURLWithPath: String(cString: made))
    }

    /// The user's own folder and not a link; access for group and others is taken away.
    public static func check(_ folder: URL) throws(Problem) {
        var info = stat()
        guard lstat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { throw .notAFolder(path: folder.path) }
        guard info.st_uid == geteuid() else { throw .notOwned(path: folder.path, owner: UInt32(info.st_uid)) }
        if info.st_mode & 0o077 != 0 { _ = chmod(folder.path, 0o700) }
    }

    /// Whether a file is the user's own regular file that no one else can write.
    public static func isTrustedFile(_ file: URL) -> Bool {
        var info = stat()
        guard lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return info.st_uid == geteuid() && info.st_mode & 0o022 == 0
    }

    /// When a file or folder (not what a link points to) was last modified, in seconds since 1970.
    static func modified(_ url: URL) -> Double? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    private static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }
}

import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another local user, for the tests of what the cache refuses: a uid no account has, which a test
/// running as root gives folders and files by `chown` (a numeric uid needs no user). A test that
/// needs it runs only as root (CI runs as root); elsewhere it is skipped, saying why.
enum OtherUser {
    static let uid: uid_t = 4242
    static let isAvailable = geteuid() == 0
    static let skipReason: Comment = "acting as another user takes root (chown to uid 4242)"

    /// Gives `url` (not what a link points to) to the other user.
    static func owns(_ url: URL) -> Bool { lchown(url.path, uid, gid_t(uid)) == 0 }
}

/// A test's folder under the temporary folder, and its real path (links resolved, as the cache's
/// messages name folders: `/private/var/…` on macOS).
struct ScratchFolder {
    let url: URL

    init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        _ = chmod(url.path, 0o755)
    }

    /// `url`'s path with links resolved, then `names` appended.
    func real(_ names: String...) -> String {
        let resolved = realpath(url.path, nil)!
        defer { free(resolved) }
        return ([String(cString: resolved)] + names).joined(separator: "/")
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}

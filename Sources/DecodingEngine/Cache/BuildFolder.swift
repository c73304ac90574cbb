import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private folder (``PrivateFolder/makeUnique(in:prefix:)``) where one compile writes, removed
/// when it ends. It names the process that owns it, so a compile that was killed (superseded by a
/// newer one, or its explorer gone) leaves nothing for long: the next build removes the folders
/// whose owner is gone.
struct BuildFolder {
    let url: URL

    init(in parent: URL) throws(CompiledDecoder.Failure) {
        Self.removeAbandoned(in: parent)
        do { url = try PrivateFolder.makeUnique(in: parent, prefix: "build") } catch { throw .cacheUnsafe(error.description) }
        try? Data("\(getpid())".utf8).write(to: url.appendingPathComponent("owner"))
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Removes the build folders whose owning process no longer runs.
    static func removeAbandoned(in parent: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix("build.") {
            let folder = parent.appendingPathComponent(name)
            guard let text = try? String(contentsOf: folder.appendingPathComponent("owner"), encoding: .utf8),
                let owner = pid_t(text)
            else { continue }
            if kill(owner, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(at: folder) }
        }
    }
}

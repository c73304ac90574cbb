import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runner library as `codable-explorer install` put it beside the binary it installed:
/// `PREFIX/lib/codable-explorer/lib-KEY/` (the static library and its module) for the binary at
/// `PREFIX/bin/codable-explorer`, whose build folder may be gone by the time it first needs the
/// library. KEY is ``RunnerLibrary/key`` (the embedded source, the user's swiftc path and version,
/// the flags), so a binary uses only the library made from its own source by the same swiftc; it is
/// copied into the cache and recorded there as a library the cache built (DECISIONS.md, "An
/// installed binary carries its runner library").
struct ShippedRunnerLibrary {
    /// Where the libraries lie under the install's prefix.
    static let shelfPath = "lib/codable-explorer"

    let folder: URL

    /// The shelf beside the running binary (links resolved): `<bin>/../lib/codable-explorer`.
    static func shelf(forExecutable executable: URL? = ThisExecutable.url) -> URL? {
        executable.map { shelf(underPrefix: $0.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()) }
    }

    static func shelf(underPrefix prefix: URL) -> URL { prefix.appendingPathComponent(shelfPath, isDirectory: true) }

    /// The library of `key` on `shelf`, if it is there and only its owner (the user, or root for a
    /// system-wide install) can change it: the files, their folder, the shelf and the `lib` folder
    /// above it.
    static func find(key: String, on shelf: URL?) -> ShippedRunnerLibrary? {
        guard let shelf else { return nil }
        let folder = shelf.appendingPathComponent("lib-\(key)", isDirectory: true)
        guard [shelf.deletingLastPathComponent(), shelf, folder].allSatisfy({ isOwnersOnly($0, kind: S_IFDIR) }),
            RunnerLibrary.fileNames.allSatisfy({ isOwnersOnly(folder.appendingPathComponent($0), kind: S_IFREG) })
        else { return nil }
        return ShippedRunnerLibrary(folder: folder)
    }

    /// A file or folder (not a link) of `kind`, owned by the user or root, which no one else can write.
    static func isOwnersOnly(_ url: URL, kind: mode_t) -> Bool {
        var info = stat()
        guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == kind else { return false }
        return (info.st_uid == geteuid() || info.st_uid == 0) && info.st_mode & 0o022 == 0
    }

    /// Copies the library and its module into the cache's build folder `product`; false when a copy fails.
    func fill(into product: URL) -> Bool {
        RunnerLibrary.fileNames.allSatisfy { name in
            (try? FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: product.appendingPathComponent(name)))
                != nil
        }
    }
}

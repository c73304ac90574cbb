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
///
/// A cache folder is trusted only through its whole path (``ensure(_:root:)``): every folder from
/// the cache root down is the user's own and private, and every folder above the root is owned by
/// root or the user and writable by no one else (unless sticky, like `/tmp`), as OpenSSH checks
/// the path of an `authorized_keys` file. Otherwise another user who can rename or replace a folder
/// on the way could swap the cache for their own between the check and a run.
public enum PrivateFolder {
    /// Why a folder cannot be trusted or made.
    public enum Problem: Error, Sendable, Hashable {
        /// A folder of the cache (from its root down) that another user owns.
        case notOwned(path: String, owner: UInt32)
        case notAFolder(path: String)
        case cannotMake(path: String, reason: String)
        /// A folder above the cache root that someone else could change: owned by another user
        /// than root, or writable by group or others without the sticky bit.
        case unsafeAbove(path: String, owner: UInt32, mode: UInt32)
        /// A cache folder that others could write, whose contents could not all be removed.
        case cannotEmpty(path: String, reason: String)
        /// A cache folder that others can write, found by a check that repairs nothing.
        case writableByOthers(path: String, mode: UInt32)
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

    /// Makes `folder` (and its missing parents, 0700) if it is missing, and checks its whole path
    /// (``openChecked(_:root:repairing:)``): the one check of every cache folder the tool uses.
    /// `root`: where the private part of the path starts (the cache folder a caller was given);
    /// the cache root (``cacheRoot(environment:)``) when `folder` is inside it; else `folder`.
    public static func ensure(_ folder: URL, root: URL? = nil) throws(Problem) {
        close(try openChecked(folder, root: root, repairing: true))
    }

    /// The one walk of a cache folder's path, giving a descriptor of `folder` (O_CLOEXEC; the
    /// caller closes it) reached through checked folders only:
    /// - each folder above the private root (its real path, and any link on the way) is owned by
    ///   root or the user, and not writable by group or others unless sticky; a missing one is made;
    /// - each folder from the root down to `folder` is opened without following a link
    ///   (`openat`, `O_NOFOLLOW`) and checked on that descriptor (`fstat`): a folder, the user's
    ///   own; a missing one is made (0700). One that others could write is emptied (their files
    ///   may be in it) and made 0700 (with `repairing`; without, it is refused); one others could
    ///   only read is made 0700.
    static func openChecked(_ folder: URL, root: URL? = nil, repairing: Bool) throws(Problem) -> Int32 {
        let target = folder.standardizedFileURL.pathComponents
        var start = privateRoot(of: folder, given: root).standardizedFileURL.pathComponents
        if start.count < 2 || !target.starts(with: start) { start = target }
        guard target.count >= 2 else { throw .notAFolder(path: folder.path) }
        var current = try checkAbove(Array(start.dropLast()), repairing: repairing)
        var descriptor = open(current, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotMake(path: current, reason: String(cString: strerror(errno))) }
        for name in target[(start.count - 1)...] {
            current = current == "/" ? "/" + name : current + "/" + name
            do {
                let next = try openPrivate(name, in: descriptor, path: current, repairing: repairing)
                close(descriptor)
                descriptor = next
            } catch {
                close(descriptor)
                throw error
            }
        }
        return descriptor
    }

    /// Where the private part of `folder`'s path starts: the cache root when `folder` is inside it
    /// (its `runners`, `packages`, `incremental` folders), else the folder the caller named.
    static func privateRoot(of folder: URL, given root: URL?) -> URL {
        let cache = cacheRoot().standardizedFileURL.pathComponents
        if folder.standardizedFileURL.pathComponents.starts(with: cache) { return cacheRoot() }
        return root ?? folder
    }

    /// Checks the folders above the private root (`components`, from `/`), making the missing
    /// ones (0700); gives the real path of the root's parent.
    private static func checkAbove(_ components: [String], repairing: Bool) throws(Problem) -> String {
        func path(_ count: Int) -> String { count <= 1 ? "/" : "/" + components[1..<count].joined(separator: "/") }
        var existing = components.count
        while existing > 1 && !exists(path(existing)) { existing -= 1 }
        // A link on the way is replaced only by its owner (or by anyone who can write its folder, checked below).
        for count in 1...existing {
            var info = stat()
            if lstat(path(count), &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, info.st_uid != 0, info.st_uid != geteuid() {
                throw .unsafeAbove(path: path(count), owner: UInt32(info.st_uid), mode: UInt32(info.st_mode & 0o7777))
            }
        }
        guard let resolved = realpath(path(existing), nil) else {
            throw .cannotMake(path: path(existing), reason: String(cString: strerror(errno)))
        }
        var real = String(cString: resolved)
        free(resolved)
        var walked = "/"
        for name in [""] + real.split(separator: "/").map(String.init) {
            if !name.isEmpty { walked = walked == "/" ? "/" + name : walked + "/" + name }
            try checkSafeAbove(walked)
        }
        for name in components.dropFirst(existing) {
            real = real == "/" ? "/" + name : real + "/" + name
            guard repairing else { throw .notAFolder(path: real) }
            if mkdir(real, 0o700) != 0 && errno != EEXIST {
                throw .cannotMake(path: real, reason: String(cString: strerror(errno)))
            }
            try checkSafeAbove(real)
        }
        return real
    }

    /// A folder above the cache root: a folder (not a link), owned by root or the user, and not
    /// writable by group or others unless it has the sticky bit (then only an entry's owner can
    /// rename or remove it).
    private static func checkSafeAbove(_ path: String) throws(Problem) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { throw .notAFolder(path: path) }
        let owned = info.st_uid == 0 || info.st_uid == geteuid()
        let guarded = info.st_mode & 0o022 == 0 || info.st_mode & S_ISVTX != 0
        guard owned && guarded else {
            throw .unsafeAbove(path: path, owner: UInt32(info.st_uid), mode: UInt32(info.st_mode & 0o7777))
        }
    }

    /// Opens (making it when missing and `repairing`) the folder `name` in `parent`, one of the
    /// cache's own: not a link, the user's own, and private (emptied first if others could write it).
    private static func openPrivate(_ name: String, in parent: Int32, path: String, repairing: Bool) throws(Problem) -> Int32 {
        if repairing && mkdirat(parent, name, 0o700) != 0 && errno != EEXIST {
            throw .cannotMake(path: path, reason: String(cString: strerror(errno)))
        }
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT && !repairing { throw .notAFolder(path: path) }
            if errno == ENOTDIR || errno == ELOOP || errno == ENOENT { throw .notAFolder(path: path) }
            throw .cannotMake(path: path, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            close(descriptor)
            throw .notAFolder(path: path)
        }
        guard info.st_uid == geteuid() else {
            close(descriptor)
            throw .notOwned(path: path, owner: UInt32(info.st_uid))
        }
        if info.st_mode & 0o022 != 0 {
            guard repairing else {
                close(descriptor)
                throw .writableByOthers(path: path, mode: UInt32(info.st_mode & 0o7777))
            }
            // Closed to others first, so nothing new is planted while it is emptied.
            _ = fchmod(descriptor, 0o700)
            do { try removeContents(of: descriptor, path: path) } catch {
                close(descriptor)
                throw error
            }
        } else if info.st_mode & 0o077 != 0 {
            _ = fchmod(descriptor, 0o700)
        }
        return descriptor
    }

    /// Removes everything in the open folder, links as links (never what they point to).
    private static func removeContents(of folder: Int32, path: String) throws(Problem) {
        func failed(_ name: String) -> Problem {
            .cannotEmpty(path: path, reason: "\(name): \(String(cString: strerror(errno)))")
        }
        guard let names = entryNames(of: folder) else { throw failed(".") }
        for name in names {
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                if errno == ENOENT { continue }
                throw failed(name)
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard inner >= 0 else { throw failed(name) }
                if info.st_uid == geteuid() { _ = fchmod(inner, 0o700) }
                do { try removeContents(of: inner, path: path + "/" + name) } catch {
                    close(inner)
                    throw error
                }
                close(inner)
                guard unlinkat(folder, name, AT_REMOVEDIR) == 0 || errno == ENOENT else { throw failed(name) }
            } else {
                guard unlinkat(folder, name, 0) == 0 || errno == ENOENT else { throw failed(name) }
            }
        }
    }

    /// The names in an open folder (without `.` and `..`); nil when it cannot be read.
    static func entryNames(of folder: Int32) -> [String]? {
        let copy = dup(folder)
        guard copy >= 0 else { return nil }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return nil
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let raw = entry.pointee.d_name
            let capacity = MemoryLayout.size(ofValue: raw)
            let name = withUnsafePointer(to: raw) { $0.withMemoryRebound(to: CChar.self, capacity: capacity) { String(cString: $0) } }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
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

    /// The user's own folder and not a link, that no one else can write (a folder others could
    /// write may hold their files: refused, not adopted); read access for others is taken away.
    public static func check(_ folder: URL) throws(Problem) {
        var info = stat()
        guard lstat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { throw .notAFolder(path: folder.path) }
        guard info.st_uid == geteuid() else { throw .notOwned(path: folder.path, owner: UInt32(info.st_uid)) }
        guard info.st_mode & 0o022 == 0 else { throw .writableByOthers(path: folder.path, mode: UInt32(info.st_mode & 0o7777)) }
        if info.st_mode & 0o077 != 0 { _ = chmod(folder.path, 0o700) }
    }

    /// Writes `data` as `file` whole: a new file beside it (0600, named after this process) renamed
    /// over it, so a reader never sees half of it. False when it could not be written (the caller's
    /// record is then simply missing next time).
    @discardableResult
    static func writeWhole(_ data: Data, to file: URL) -> Bool {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(getpid())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            return false
        }
        _ = chmod(temporary.path, 0o600)
        guard rename(temporary.path, file.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }

    /// Whether a file is the user's own regular file that no one else can write.
    public static func isTrustedFile(_ file: URL) -> Bool {
        var info = stat()
        guard lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return info.st_uid == geteuid() && info.st_mode & 0o022 == 0
    }

    /// The content of a file, read from a descriptor opened without following a link, when that
    /// descriptor is the user's own regular file that no one else can write (``OpenedFile``).
    static func trustedContents(of file: URL) -> Data? {
        guard let opened = try? OpenedFile(file.path), opened.isTrusted, let bytes = opened.contents() else { return nil }
        return Data(bytes)
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

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}

import Foundation

/// Replaces a file's contents atomically, keeping a backup of what it held.
///
/// The new text goes to a temporary file in the same folder (same file system), created
/// exclusively under a random name without following links (`O_CREAT|O_EXCL|O_NOFOLLOW`: a link
/// planted there makes the write fail, never write through it), given the file's mode, owner and
/// group, flushed to disk, and renamed over the file: a reader sees the old text or the new,
/// never half of either, and a crash leaves the old file in place. Before that, the old bytes
/// are copied to `<file>.orig` (or `.orig.1`, `.orig.2`, … if taken: a backup is never
/// overwritten, and one that cannot be written whole is removed). A symbolic link is followed:
/// its target is replaced and the link stays. A UTF-8 byte order mark the file starts with is
/// kept (Swift's readers drop it, so the text a fix was computed from lacks it).
///
/// The file is compared with what the fix was computed from twice: before anything is written,
/// and again right before the rename, so that a save by the user meanwhile is refused, not lost.
/// (Between that second check and the rename a few microseconds remain; POSIX offers no
/// compare-and-rename.)
public enum AtomicFile {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Where the backup of `path` goes: the first of `path.orig`, `path.orig.1`, … that is free.
    static func backupPath(for path: String) -> String {
        var candidate = path + ".orig"
        var n = 1
        while FileManager.default.fileExists(atPath: candidate) || isLink(candidate) {
            candidate = path + ".orig.\(n)"
            n += 1
        }
        return candidate
    }

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// The file a path names, through symbolic links.
    static func target(of path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// The file's bytes, and whether they are `expected` (after a byte order mark, if any).
    static func current(_ path: String, expected: [UInt8]) throws(FixWriteError) -> (bytes: [UInt8], holds: Bool) {
        guard let data = FileManager.default.contents(atPath: target(of: path)) else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        let bytes = [UInt8](data)
        if bytes == expected { return (bytes, true) }
        let hasMark = bytes.starts(with: byteOrderMark) && !expected.starts(with: byteOrderMark)
        return (bytes, hasMark && bytes.dropFirst(3).elementsEqual(expected))
    }

    /// Whether the file (or a link's target) still holds exactly these bytes (a BOM aside).
    static func holds(_ path: String, _ expected: [UInt8]) throws(FixWriteError) -> Bool {
        try current(path, expected: expected).holds
    }

    /// Refuses a file that its mode says is read-only: replacing it would bypass that.
    static func checkWritable(_ path: String) throws(FixWriteError) {
        let target = target(of: path)
        var info = stat()
        guard stat(target, &info) == 0 else { return }
        if access(target, W_OK) != 0 || info.st_mode & 0o222 == 0 {
            throw .readOnly(path: path)
        }
    }

    /// Replaces the file's bytes if they are still `expected`; returns the backup's path.
    /// `beforeRename` runs between the new text's write and the last check (tests save there, as a user would).
    static func replace(
        _ path: String, expected: [UInt8], with bytes: [UInt8],
        beforeRename: () -> Void = {}
    ) throws(FixWriteError) -> String {
        let target = target(of: path)
        let (old, holds) = try current(path, expected: expected)
        guard holds else { throw .changedSinceComputed(path: path) }
        try checkWritable(path)
        var info = stat()
        guard stat(target, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        let keeps = Ownership(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
        let new = old.starts(with: byteOrderMark) && !bytes.starts(with: byteOrderMark) ? byteOrderMark + bytes : bytes

        let backup = backupPath(for: target)
        do {
            try write(old, to: backup, keeping: keeps)
        } catch {
            throw .cannotBackUp(path: path, reason: error.reason)
        }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try write(new, to: temporary, keeping: keeps)
        } catch {
            unlink(backup)
            throw .cannotWrite(path: path, reason: error.reason)
        }
        // The user may have saved while the backup and the new text were written.
        beforeRename()
        guard (try? current(path, expected: expected).holds) == true else {
            unlink(temporary)
            unlink(backup)
            throw .changedSinceComputed(path: path)
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            unlink(backup)
            throw .cannotWrite(path: path, reason: reason)
        }
        syncFolder(folder)
        return backup
    }

    /// What a replaced file keeps.
    struct Ownership {
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
    }

    struct SystemError: Error { var reason: String }

    /// Creates (exclusively, not through a link) and fills a file with the mode, owner and group
    /// given, flushed to disk; removed again if any of that fails, so no empty file is left.
    /// With no `keeps`, the file is the user's own with `mode` narrowed by the umask.
    static func write(_ bytes: [UInt8], to path: String, keeping keeps: Ownership?, mode: mode_t = 0o644) throws(SystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, keeps?.mode ?? mode)
        guard fd >= 0 else { throw SystemError(reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        func fail() -> SystemError {
            let error = SystemError(reason: String(cString: strerror(errno)))
            unlink(path)
            return error
        }
        if let keeps {
            // The owner and group: a file that is not ours stays not ours, or is not written.
            if keeps.owner != geteuid() || keeps.group != getegid() {
                guard fchown(fd, keeps.owner, keeps.group) == 0 else {
                    unlink(path)
                    throw SystemError(
                        reason: "it belongs to user \(keeps.owner), group \(keeps.group), which this user cannot give a new file to")
                }
            }
            guard fchmod(fd, keeps.mode) == 0 else { throw fail() }  // not narrowed by the umask
        }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw fail() }
            written += n
        }
        guard fsync(fd) == 0 else { throw fail() }
    }

    static func syncFolder(_ folder: String) {
        let directory = open(folder, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Writes a new file at `path`, atomically and never over anything there (a file or a link):
    /// the bytes go to an exclusively created temporary file in the same folder, which is then
    /// linked to `path` (`link` fails if the name is taken) and unlinked.
    public static func createNew(_ path: String, bytes: [UInt8], mode: mode_t = 0o644) throws(CreateError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try write(bytes, to: temporary, keeping: nil, mode: mode)
        } catch {
            throw CreateError(path: path, reason: error.reason)
        }
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else { throw CreateError(path: path, reason: String(cString: strerror(errno))) }
        syncFolder(folder)
    }

    /// Why a new file could not be created.
    public struct CreateError: Error, Sendable, Hashable {
        public var path: String
        public var reason: String
    }
}

extension Error {
    fileprivate var reason: String { (self as? AtomicFile.SystemError)?.reason ?? "\(self)" }
}

import Foundation

/// Replaces a file's contents atomically, keeping a backup of what it held.
///
/// The new text goes to a temporary file in the same folder (same file system, same
/// permissions), is flushed to disk, and is renamed over the file: a reader sees the old
/// text or the new, never half of either, and a crash leaves the old file in place. Before
/// that, the old bytes are copied to `<file>.orig` (or `.orig.1`, `.orig.2`, … if taken:
/// a backup is never overwritten). A symbolic link is followed: its target is replaced.
enum AtomicFile {
    /// Where the backup of `path` goes: the first of `path.orig`, `path.orig.1`, … that is free.
    static func backupPath(for path: String) -> String {
        var candidate = path + ".orig"
        var n = 1
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = path + ".orig.\(n)"
            n += 1
        }
        return candidate
    }

    /// Whether the file (or a link's target) still holds exactly these bytes.
    static func holds(_ path: String, _ expected: [UInt8]) throws(FixWriteError) -> Bool {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let current = FileManager.default.contents(atPath: target) else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        return [UInt8](current) == expected
    }

    /// Replaces the file's bytes if they are still `expected`; returns the backup's path.
    static func replace(_ path: String, expected: [UInt8], with bytes: [UInt8]) throws(FixWriteError) -> String {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let current = FileManager.default.contents(atPath: target) else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard [UInt8](current) == expected else { throw .changedSinceComputed(path: path) }
        var info = stat()
        let mode = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let backup = backupPath(for: target)
        do {
            try write(expected, to: backup, mode: mode, exclusive: true)
        } catch {
            throw .cannotBackUp(path: path, reason: error.reason)
        }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try write(bytes, to: temporary, mode: mode, exclusive: true)
        } catch {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: error.reason)
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
        let directory = open(folder, O_RDONLY)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
        return backup
    }

    struct SystemError: Error { var reason: String }

    /// Creates (exclusively: never over an existing file) and fills a file, flushed to disk.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t, exclusive: Bool) throws(SystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC), mode)
        guard fd >= 0 else { throw SystemError(reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw SystemError(reason: String(cString: strerror(errno))) }
            written += n
        }
        guard fsync(fd) == 0 else { throw SystemError(reason: String(cString: strerror(errno))) }
    }
}

extension Error {
    fileprivate var reason: String { (self as? AtomicFile.SystemError)?.reason ?? "\(self)" }
}

import Foundation

/// An entry's body as the file the worker (and a compiled runner) reads: readable by this user
/// only, in the private folder of one check, removed with it. Not flushed to disk: it is scratch
/// that must not outlive the check, and two `fsync`s an entry (what ``AtomicFile`` does for the
/// user's files) made 2,000 entries take 30 s on a busy disk instead of a few.
enum BodyFile {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// Creates the file, which must not exist.
    static func create(_ path: String, bytes: [UInt8]) throws(Failure) {
        try write(path, bytes: bytes, flags: O_CREAT | O_EXCL)
    }

    /// Writes the file over what it held (never through a link), created first when `creates`:
    /// written from its start and cut to its new length, so that a file written again keeps its
    /// inode (``BodySlots``; `O_TRUNC` freed its blocks first, 160 µs a write on ext4). A file written
    /// again is never created: once a signal's clean-up removed it, a thread still writing fails.
    static func write(_ path: String, bytes: [UInt8], creates: Bool) throws(Failure) {
        try write(path, bytes: bytes, flags: creates ? O_CREAT : 0)
    }

    private static func write(_ path: String, bytes: [UInt8], flags: Int32) throws(Failure) {
        let fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | flags, 0o600)
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(written)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
            written += n
        }
        guard ftruncate(fd, off_t(bytes.count)) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
    }
}

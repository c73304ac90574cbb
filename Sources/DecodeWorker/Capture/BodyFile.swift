import Foundation

/// An entry's body as the file the worker (and a compiled runner) reads: created exclusively,
/// readable by this user only, in the private folder of one check, and removed once its verdict
/// is in. Not flushed to disk: it is scratch that must not outlive the check, and two `fsync`s an
/// entry (what ``AtomicFile`` does for the user's files) made 2,000 entries take 30 s on a busy
/// disk instead of a few.
enum BodyFile {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    static func create(_ path: String, bytes: [UInt8]) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let failure = Failure(path: path, reason: String(cString: strerror(errno)))
                unlink(path)
                throw failure
            }
            written += n
        }
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock (`flock`) on a lock file of the private cache: one build at a time of what it
/// guards (the runner library, its shared base, a model's incremental folder); the others wait for
/// it, then find what it installed. A lock file that cannot be opened locks nothing: the builds then
/// go side by side, each installing its product whole (renamed into place).
struct FileLock {
    private let descriptor: Int32

    /// Waits for the lock on `file` (made, 0600, if it is missing).
    init(_ file: URL) {
        descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
    }

    /// Lets it go (closing the file releases the lock).
    func release() {
        if descriptor >= 0 { close(descriptor) }
    }
}

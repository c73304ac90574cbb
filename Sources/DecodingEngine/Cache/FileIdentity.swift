import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says identifies a file's content as it was: its device, inode, size, and the times
/// of its last write and last change. A write changes the change time, which no user can set back
/// (only the clock can), so a file whose identity is unchanged still holds what it held.
struct FileIdentity: Hashable, Sendable {
    let device: Int64
    let inode: Int64
    let size: Int64
    let modifiedSeconds: Int64
    let modifiedNanoseconds: Int64
    let changedSeconds: Int64
    let changedNanoseconds: Int64

    init(_ info: stat) {
        #if canImport(Darwin)
        let changed = info.st_ctimespec
        let modified = info.st_mtimespec
        #else
        let changed = info.st_ctim
        let modified = info.st_mtim
        #endif
        device = Int64(info.st_dev)
        inode = Int64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int64(modified.tv_sec)
        modifiedNanoseconds = Int64(modified.tv_nsec)
        changedSeconds = Int64(changed.tv_sec)
        changedNanoseconds = Int64(changed.tv_nsec)
    }

    /// Device, inode, size, modification seconds and nanoseconds, change seconds and nanoseconds
    /// (the compiler's version record keeps them so).
    var numbers: [Int64] { [device, inode, size, modifiedSeconds, modifiedNanoseconds, changedSeconds, changedNanoseconds] }

    /// Whether the file's last change is at least `seconds` old by the clock now: a file written
    /// again within the file system's timestamp granularity of its last change could keep the same
    /// times, so only a settled file's identity stands for its content.
    func isSettled(seconds: Int64) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) - changedSeconds >= seconds
    }

    /// The identity of the file at `path` (links followed); nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}

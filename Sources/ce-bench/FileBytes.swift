#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// Whole-file reads and writes with plain POSIX calls, so the bytes land in exactly one
/// `[UInt8]` of the file's size and nothing is mapped or cached on the Swift side.
enum FileBytes {
    static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BenchError.cannotOpen(path: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw BenchError.readFailed(path: path, errno: errno) }
        let size = Int(info.st_size)
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            while initialized < size {
                let n = systemRead(fd, buffer.baseAddress! + initialized, size - initialized)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    failure = n < 0 ? errno : EIO
                    return
                }
                initialized += n
            }
        }
        if let failure { throw BenchError.readFailed(path: path, errno: failure) }
        return bytes
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw BenchError.cannotOpen(path: path, errno: errno) }
        defer { close(fd) }
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw BenchError.writeFailed(path: path, errno: errno) }
                written += n
            }
        }
    }
}

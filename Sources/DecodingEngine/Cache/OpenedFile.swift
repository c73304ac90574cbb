import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of the cache opened once, without following a link (`O_NOFOLLOW`; `O_NONBLOCK`, so a
/// planted FIFO cannot hold the open), with what `fstat` says of that very file: whatever is
/// checked of it (owner, mode, content) is checked of what the descriptor holds, not of a path
/// that could be swapped between a check and a use. Closed when it goes.
struct OpenedFile: ~Copyable {
    let descriptor: Int32
    let info: stat

    /// Why the open failed: `errno`'s code (`ENOENT`: missing; `ELOOP`: a link).
    struct Failure: Error {
        var code: Int32
    }

    /// Opens `name` (a path, or a name in the open folder `folder`) for reading.
    init(_ name: String, in folder: Int32 = AT_FDCWD) throws(Failure) {
        let opened = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard opened >= 0 else { throw Failure(code: errno) }
        var info = stat()
        guard fstat(opened, &info) == 0 else {
            let code = errno
            close(opened)
            throw Failure(code: code)
        }
        descriptor = opened
        self.info = info
    }

    deinit { close(descriptor) }

    /// Gives the descriptor to the caller, who closes it from now on.
    consuming func release() -> Int32 {
        let kept = descriptor
        discard self
        return kept
    }

    #if os(Linux)
    private static let populated = MAP_POPULATE
    #else
    private static let populated: Int32 = 0
    #endif

    var isRegular: Bool { (info.st_mode & S_IFMT) == S_IFREG }

    /// The user's own regular file that no one else can write.
    var isTrusted: Bool { isRegular && info.st_uid == geteuid() && info.st_mode & 0o022 == 0 }

    /// Every byte the descriptor reads (the size `fstat` gave); nil when it reads short or fails.
    func contents() -> [UInt8]? {
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
            var done = 0
            while done < size {
                let got = pread(descriptor, buffer.baseAddress! + done, size - done, off_t(done))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return false }
                done += got
            }
            return true
        }
        return complete ? bytes : nil
    }

    /// The size and hash of what the descriptor reads (``BuildRecord``), made by `scheme` (a
    /// record's own, to check it; a record written now: ``BuildRecord/Scheme/current``). Hashed where
    /// the file is mapped: read into a buffer of its own, a 1.2 MB runner cost its copy and a fault a
    /// page, some 1 ms of each compiled check (twice: the lookup and the spawn). On Linux the mapping
    /// is filled at once (`MAP_POPULATE`: one call instead of a fault every 16 pages).
    func record(scheme: BuildRecord.Scheme? = .current) -> BuildRecord? {
        let size = Int(info.st_size)
        if size > 0, let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | Self.populated, descriptor, 0), mapped != MAP_FAILED {
            defer { munmap(mapped, size) }
            return BuildRecord.of(UnsafeRawBufferPointer(start: mapped, count: size), scheme: scheme)
        }
        return contents().map { BuildRecord.of(bytes: $0, scheme: scheme) }
    }
}

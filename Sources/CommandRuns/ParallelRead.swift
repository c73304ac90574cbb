import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file's first `count` bytes read with `pread(2)` in parts, one thread a part:
/// reading 1 GB is the kernel's copy and the first touch of 250,000 pages, and both split
/// across cores. Says false when any part comes short or fails (the file shrank, an I/O
/// error): the caller then reads from the start in order and reports what it finds.
public enum ParallelRead {
    public static func fill(_ buffer: UnsafeMutablePointer<UInt8>, from fd: Int32, count: Int) -> Bool {
        let parts = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        let target = Target(buffer: UnsafeMutableRawPointer(buffer))
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var offset = count * part / parts
            let stop = count * (part + 1) / parts
            while offset < stop {
                let n = pread(fd, target.buffer + offset, stop - offset, off_t(offset))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    failures.note()
                    return
                }
                offset += n
            }
        }
        return !failures.any
    }

    private struct Target: @unchecked Sendable {
        public let buffer: UnsafeMutableRawPointer
    }

    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        public func note() { lock.lock(); count += 1; lock.unlock() }
        public var any: Bool { lock.lock(); defer { lock.unlock() }; return count > 0 }
    }
}

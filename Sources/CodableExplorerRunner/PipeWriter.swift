import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to a pipe whose reader may be gone (a worker child that crashed, a clipboard command
/// that exited without reading) without dying of SIGPIPE: the write fails with EPIPE instead.
/// (`FileHandle.write` would trap on that error.)
public enum PipeWriter {
    /// Writes every byte; false when not every byte was written.
    @discardableResult
    public static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        #if canImport(Darwin)
        _ = fcntl(fd, F_SETNOSIGPIPE, 1)
        return write(data, to: fd)
        #else
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let wrote = write(data, to: fd)
        // A SIGPIPE raised by that write is pending on this thread: take it before unblocking.
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return wrote
        #endif
    }

    private static func write(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs code with standard output and error sent to /dev/null (what it prints is flushed there
/// before they are given back): the model's code run a second time must not print twice.
enum Quiet {
    static func run(_ body: () -> Void) {
        fflush(nil)
        let null = open("/dev/null", O_WRONLY)
        let savedOut = dup(1)
        let savedError = dup(2)
        guard null >= 0, savedOut >= 0, savedError >= 0 else {
            for fd in [null, savedOut, savedError] where fd >= 0 { close(fd) }
            return body()
        }
        dup2(null, 1)
        dup2(null, 2)
        body()
        fflush(nil)
        dup2(savedOut, 1)
        dup2(savedError, 2)
        for fd in [null, savedOut, savedError] { close(fd) }
    }
}

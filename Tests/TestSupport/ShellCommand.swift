import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `system(3)` on every platform (Darwin's Swift overlay marks `system` unavailable): runs
/// `command` with `/bin/sh -c`, waits for it, and returns its exit status (128 + the signal
/// when one ended it, -1 when it could not start). Like `system`, it shares this process's
/// standard streams and never reads a pipe, so a daemonizing child (tmux) cannot hang it.
public enum ShellCommand {
    @discardableResult
    public static func run(_ command: String) -> Int32 {
        let argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (word: String) in strdup(word) } + [nil]
        // This process's environment, passed explicitly (`environ` is not visible to Swift everywhere).
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + environment { free(pointer) } }
        // As system(3) starts its child: no signal blocked, every signal's action the default.
        #if canImport(Glibc)
        var attributes = posix_spawnattr_t()
        #else
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environment) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

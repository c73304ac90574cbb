import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of a program with its standard output and error sent to /dev/null: its wall time,
/// its peak RSS as `wait4` reports it, and how it ended. The one place ce-bench spawns a
/// measured binary (`end-to-end` and `robustness`).
struct SilentRun {
    var seconds: Double
    var peakRSSKiB: Int
    /// The exit status, or 128 + the signal that ended it (as a shell says).
    var status: Int32

    var peakMB: Double { Double(peakRSSKiB) * 1024 / 1e6 }

    /// Runs `path` (not through a shell) with `arguments` and this process's environment, with
    /// `environment` added.
    static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws(BenchError) -> SilentRun {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        // The environment spelled out, not `environ`: macOS's headers leave it to the program to
        // declare (`_NSGetEnviron` in crt_externs.h), so Swift on macOS may not see it.
        let envp = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw .cannotRun(path: path, errno: spawned) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        // ru_maxrss is KiB on Linux and bytes on macOS.
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss) / 1024
        #else
        let peak = Int(usage.ru_maxrss)
        #endif
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return SilentRun(seconds: seconds, peakRSSKiB: peak, status: exit)
    }
}

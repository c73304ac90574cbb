import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The compiled runners' cache of this test process: `XDG_CACHE_HOME` for every run of the
/// tool (``ProcessRunner``) and for the workers the tests start in process, so a runner is
/// compiled once per test run and the user's own cache (`~/.cache`, `~/Library/Caches`) is
/// never written. One folder per test process under one root; the first time it is asked
/// for, the folders of test processes that have ended are removed (each run's runners are
/// tens of megabytes, and were left in the temporary directory run after run).
public enum TestCache {
    public static let folder: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ce-test-runner-caches")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
            guard let pid = pid_t(name), pid != getpid(), !isRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        return root.appendingPathComponent("\(getpid())")
    }()

    /// Whether a process `pid` is still there (a process of another user counts).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's children: the ones a ``SupervisedProcess`` started and owns, and on Linux the
/// orphans it adopts as a subreaper, so that nothing the user's code starts outlives its decode.
///
/// A runner leads a process group of its own, and its group is ended when it exits: that ends a
/// background child (`system("sleep 99 &")`, `Process().run()`) on every platform. A child that
/// leaves the group (`setsid`, a daemon's double fork) is reparented, when its parent dies, to the
/// nearest subreaper: the worker, on Linux (`PR_SET_CHILD_SUBREAPER`), which ends it after the run
/// (``SupervisedProcess/collect(timeLimit:keeping:)``, once the run has ended). macOS has no subreaper: such a child goes to launchd, and
/// lives on (DECISIONS.md, "Nothing the user's code starts outlives the decode").
enum Children {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var owned: Set<pid_t> = []
    nonisolated(unsafe) static var isSubreaper = false

    /// Runs `spawn` (which gives its status and the child it started) as one step with counting the
    /// child as owned: an orphan hunt never sees a child between its start and its count.
    static func spawning(_ spawn: () -> (status: Int32, child: pid_t?)) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let (status, child) = spawn()
        if let child { owned.insert(child) }
        return status
    }

    /// Reaps an owned child that has ended (`reap` returns at once: it is a zombie by now), and
    /// forgets it in the same step, before its id can be another child's.
    static func reaping(_ child: pid_t, _ reap: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        reap()
        owned.remove(child)
    }

    /// Ends and reaps every child of this process that no ``SupervisedProcess`` owns, until none is
    /// left (ending one reparents its own children here); a no-op where this process is no subreaper.
    static func endOrphans() {
        #if os(Linux)
        guard isSubreaper, hasChildren else { return }
        for _ in 0..<64 {
            let orphans: [pid_t] = lock.withLock {
                let found = childrenOfThisProcess().filter { !owned.contains($0) }
                for orphan in found { kill(orphan, SIGKILL) }
                return found
            }
            if orphans.isEmpty { return }
            for orphan in orphans {
                var status: Int32 = 0
                while waitpid(orphan, &status, 0) < 0 && errno == EINTR {}
            }
        }
        #endif
    }

    /// Makes this process the subreaper of its descendants (Linux `prctl(PR_SET_CHILD_SUBREAPER)`,
    /// looked up by name: Glibc's Swift module leaves `<sys/prctl.h>` out); false elsewhere.
    @discardableResult
    static func adoptOrphans() -> Bool {
        #if os(Linux)
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return false }
        let setChildSubreaper: Int32 = 36
        isSubreaper = unsafeBitCast(symbol, to: Prctl.self)(setChildSubreaper, 1, 0, 0, 0) == 0
        return isSubreaper
        #else
        return false
        #endif
    }

    #if os(Linux)
    /// Whether this process has a child at all, running or exited: when it has none (its runner
    /// reaped, nothing adopted), the hunt reads no `/proc/PID/stat` (one per process on the machine,
    /// some hundreds on a desktop, at the end of every session).
    private static var hasChildren: Bool {
        var info = siginfo_t()
        return !(waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) < 0 && errno == ECHILD)
    }

    /// The processes whose parent is this one, from `/proc/PID/stat` (its fourth field, after the
    /// command name in parentheses, which may itself hold spaces and parentheses).
    private static func childrenOfThisProcess() -> [pid_t] {
        let me = getpid()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), pid != me,
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = pid_t(fields[1]), parent == me else { return nil }
            return pid
        }
    }
    #endif
}

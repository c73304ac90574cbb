import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends this process when its parent dies, even by SIGKILL, so a runner or a worker is never left
/// behind: on Linux the kernel's parent-death signal (`prctl(PR_SET_PDEATHSIG)`), on macOS a kqueue
/// that watches the parent's exit from a thread of its own.
///
/// A process that leads its own process group (the worker with its swiftc; a runner with what the
/// model's code started) ends the whole group; any other process ends only itself.
public enum ParentWatch {
    /// Starts watching the parent this process has now; if it is already gone, ends at once.
    public static func start() {
        let parent = getppid()
        let leadsGroup = getpgrp() == getpid()
        if leadsGroup {
            // The group's end starts with SIGINT (below): the leader lives on through it. SIGTERM
            // (a cancel, or the parent's death on Linux) is caught: the handler ends the group in
            // order (a SIGKILL would end this process only).
            signal(SIGINT, SIG_IGN)
            signal(SIGTERM, { _ in ParentWatch.endGroup() })
        }
        #if os(Linux)
        if leadsGroup {
            setParentDeathSignal(SIGTERM)
        } else {
            setParentDeathSignal(SIGKILL)
        }
        #elseif canImport(Darwin)
        let queue = kqueue()
        var change = kevent(
            ident: UInt(parent), filter: Int16(EVFILT_PROC), flags: UInt16(EV_ADD | EV_ONESHOT), fflags: NOTE_EXIT, data: 0,
            udata: nil)
        if queue >= 0, kevent(queue, &change, 1, nil, 0, nil) == 0 {
            let thread = Thread {
                var event = kevent()
                while kevent(queue, nil, 0, &event, 1, nil) < 0 && errno == EINTR {}
                leadsGroup ? ParentWatch.endGroup() : _exit(137)
            }
            thread.start()
        }
        #endif
        // The parent may have died before the watch began: this process now has another.
        if getppid() != parent || parent == 1 {
            leadsGroup ? endGroup() : _exit(137)
        }
    }

    #if os(Linux)
    /// `prctl(PR_SET_PDEATHSIG, signal)`: Glibc's Swift module leaves `<sys/prctl.h>` out, and this
    /// library is built by a bare swiftc (no C target), so the function is looked up by name.
    private static func setParentDeathSignal(_ signal: Int32) {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return }
        let prSetPdeathsig: Int32 = 1
        _ = unsafeBitCast(symbol, to: Prctl.self)(prSetPdeathsig, UInt(signal), 0, 0, 0)
    }
    #endif

    /// Ends this process's group (this process included): SIGINT first, on which swiftc's driver ends
    /// the compiler processes it started in groups of their own, then SIGKILL for whatever is left.
    /// Safe in a signal handler (it only signals and sleeps).
    public static func endGroup() -> Never {
        killpg(0, SIGINT)
        var pause = timespec(tv_sec: 0, tv_nsec: 300_000_000)
        var left = timespec()
        while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
        killpg(0, SIGKILL)
        _exit(137)
    }
}

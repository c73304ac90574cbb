import CodableExplorerRunner
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process whose whole life this owns: started with `posix_spawn` with exactly the
/// descriptors it is given (every pipe is made close-on-exec, so no other child inherits it), a
/// clean signal mask and default signal actions, in a process group of its own or in this
/// process's; ended with its group by ``terminate()``.
///
/// Not `Foundation.Process`: on Linux it puts every child in a group of its own (so ending a
/// worker's group left its runner and swiftc running), cannot hand a child a descriptor beyond
/// the standard three (the runner's channel), and starts children with the spawning thread's
/// signal mask (swift-corelibs-foundation #4772). See DECISIONS.md, "The user's code runs supervised".
public final class SupervisedProcess: @unchecked Sendable {
    /// What the child gets on standard input and where its output goes.
    public struct Setup: Sendable {
        /// A pipe to the child's standard input (else `/dev/null`).
        public var writesInput = false
        /// Pipes from the child's standard output and error (else they are this process's own).
        public var capturesOutput = true
        /// The runner's channel: a pipe to the child's descriptor 3 and one from its descriptor 4.
        public var opensRunnerChannel = false
        /// A process group of its own, led by the child (the worker, and each runner: what its code
        /// starts is ended with its group); else this process's group (swiftc, which ends with the
        /// worker's group).
        public var leadsGroup = false
        /// Added to this process's environment.
        public var environment: [String: String] = [:]
        /// The child's `argv[0]` when it is not the path spawned (a runner spawned through its
        /// descriptor, `/proc/PID/fd/N`, is still named by its cache path in `ps`).
        public var name: String?

        public init(
            writesInput: Bool = false, capturesOutput: Bool = true, opensRunnerChannel: Bool = false, leadsGroup: Bool = false,
            environment: [String: String] = [:]
        ) {
            self.writesInput = writesInput
            self.capturesOutput = capturesOutput
            self.opensRunnerChannel = opensRunnerChannel
            self.leadsGroup = leadsGroup
            self.environment = environment
        }
    }

    /// How the child ended.
    public enum Termination: Sendable, Hashable {
        case exited(Int32)
        case signalled(Int32)
    }

    public struct SpawnError: Error, Sendable {
        public var executable: String
        public var code: Int32
    }

    public let pid: pid_t
    public let leadsGroup: Bool
    /// This process's ends of the child's pipes (-1 where there is none); closed by their readers
    /// and writers, or by ``closeAll()``.
    public private(set) var input: Int32 = -1
    public private(set) var output: Int32 = -1
    public private(set) var errorOutput: Int32 = -1
    public private(set) var channelIn: Int32 = -1
    public private(set) var channelOut: Int32 = -1
    private let lock = NSLock()
    private var ended: Termination?

    /// Starts `executable` (a path) with `arguments`.
    public init(_ executable: String, _ arguments: [String], _ setup: Setup = Setup()) throws(SpawnError) {
        var pipes: [(child: Int32, read: Int32, write: Int32, childReads: Bool)] = []
        func pipeFor(_ child: Int32, childReads: Bool) throws(SpawnError) {
            var fds: [Int32] = [-1, -1]
            guard Self.makePipe(&fds) else { throw SpawnError(executable: executable, code: errno) }
            pipes.append((child, fds[0], fds[1], childReads))
        }
        do {
            if setup.writesInput { try pipeFor(0, childReads: true) }
            if setup.capturesOutput {
                try pipeFor(1, childReads: false)
                try pipeFor(2, childReads: false)
            }
            if setup.opensRunnerChannel {
                try pipeFor(RunnerChannel.jobDescriptor, childReads: true)
                try pipeFor(RunnerChannel.replyDescriptor, childReads: false)
            }
        } catch {
            for p in pipes { close(p.read); close(p.write) }
            throw error
        }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        if !setup.writesInput { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        for p in pipes { posix_spawn_file_actions_adddup2(&actions, p.childReads ? p.read : p.write, p.child) }
        // Only the descriptors named above cross: 0-2, and 3 and 4 for a runner's channel.
        Self.closeTheRest(&actions, from: setup.opensRunnerChannel ? RunnerChannel.replyDescriptor + 1 : 3)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if setup.leadsGroup { flags |= Int32(POSIX_SPAWN_SETPGROUP) }
        #if canImport(Darwin)
        // Every descriptor not named above is closed in the child.
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGUSR1, SIGUSR2, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        var environment = ProcessInfo.processInfo.environment
        for (key, value) in setup.environment { environment[key] = value }
        let argv = ([setup.name ?? executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var child: pid_t = 0
        // Spawned and counted as this process's own under one lock, so ``endOrphans()`` never
        // takes a child just started for an orphan.
        let status = Children.spawning {
            let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
            return (status, status == 0 ? child : nil)
        }
        // The child's ends belong to the child now.
        for p in pipes { close(p.childReads ? p.read : p.write) }
        guard status == 0 else {
            for p in pipes { close(p.childReads ? p.write : p.read) }
            throw SpawnError(executable: executable, code: status)
        }
        pid = child
        leadsGroup = setup.leadsGroup
        for p in pipes {
            let mine = p.childReads ? p.write : p.read
            switch p.child {
            case 0: input = mine
            case 1: output = mine
            case 2: errorOutput = mine
            case RunnerChannel.jobDescriptor: channelIn = mine
            default: channelOut = mine
            }
        }
    }

    /// Closes every descriptor from `first` on in the child (Linux: glibc 2.34's
    /// `posix_spawn_file_actions_addclosefrom_np`, looked up by name as Glibc's Swift module leaves
    /// it out); on macOS `POSIX_SPAWN_CLOEXEC_DEFAULT` does it.
    #if os(Linux)
    private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t, from first: Int32) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, first)
    }
    #else
    private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t?, from first: Int32) {}
    #endif

    /// A pipe whose two ends are closed on exec (only the descriptors a child is given cross).
    static func makePipe(_ fds: inout [Int32]) -> Bool {
        #if os(Linux)
        // `pipe2` makes both ends close-on-exec at once (a `pipe` then `fcntl` leaves a moment in
        // which another thread's child inherits them); Glibc's Swift module leaves it out.
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else { return false }
        return fds.withUnsafeMutableBufferPointer { unsafeBitCast(symbol, to: Pipe2.self)($0.baseAddress!, Int32(O_CLOEXEC)) } == 0
        #else
        guard pipe(&fds) == 0 else { return false }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return true
        #endif
    }

    /// Ends the child, with its group when it leads one (a worker's runner and swiftc go with it).
    /// A group leader gets SIGTERM (itself only), on which it ends its group in order (``ParentWatch/endGroup()``:
    /// swiftc's driver is given a moment to end the compilers it started), and SIGKILL a second
    /// later if it is still there; any other child gets SIGKILL at once. Safe to call at any time,
    /// from any thread, more than once.
    public func terminate() {
        lock.lock()
        defer { lock.unlock() }
        // After the child is waited for, its id may belong to another process: leave it alone.
        guard ended == nil else { return }
        guard leadsGroup else {
            kill(pid, SIGKILL)
            return
        }
        // To the leader alone: its handler ends the group in order (SIGINT first, so swiftc's driver
        // ends its compilers); a SIGTERM to the whole group would reach the driver first.
        kill(pid, SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [self] in
            lock.withLock {
                if ended == nil { _ = killpg(pid, SIGKILL) }
            }
        }
    }

    /// Waits for the child to end (once; later calls give the same answer). A child that leads a
    /// group takes the rest of the group with it: nothing it started outlives it.
    @discardableResult
    public func wait() -> Termination {
        lock.lock()
        if let ended {
            lock.unlock()
            return ended
        }
        lock.unlock()
        // Waited for without reaping: while the child is a zombie its id cannot be reused, so
        // ending what is left of its group cannot reach another process.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        if leadsGroup { killpg(pid, SIGKILL) }
        var status: Int32 = 0
        Children.reaping(pid) {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        lock.lock()
        defer { lock.unlock() }
        let termination: Termination = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        ended = termination
        return termination
    }

    /// The child's end, if it has ended (without waiting).
    public var termination: Termination? { lock.withLock { ended } }

    /// Makes this process the subreaper of everything its children start (Linux; false elsewhere):
    /// the worker calls it, so that what a runner's code starts and leaves behind comes back to it
    /// and is ended after the run (``Children``).
    @discardableResult
    public static func adoptOrphans() -> Bool { Children.adoptOrphans() }

    /// Closes this process's ends that are still open.
    public func closeAll() {
        for fd in [input, output, errorOutput, channelIn, channelOut] where fd >= 0 { close(fd) }
        input = -1
        output = -1
        errorOutput = -1
        channelIn = -1
        channelOut = -1
    }

    /// Hands the pipe to the child's standard input over to the caller, who closes it.
    public func takeInput() -> Int32 {
        defer { input = -1 }
        return input
    }

    /// Closes the pipe to the child's standard input (it reads the end of its input).
    public func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Hands the pipe to the child's descriptor 3 over to the caller, who closes it.
    public func takeChannelIn() -> Int32 {
        defer { channelIn = -1 }
        return channelIn
    }

    /// Closes the pipe to the child's descriptor 3.
    public func closeChannelIn() {
        if channelIn >= 0 { close(channelIn) }
        channelIn = -1
    }
}

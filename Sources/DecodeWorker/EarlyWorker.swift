import DecodingEngine
import Foundation

/// A decode worker child started before its job is known, so that its start overlaps the
/// parent's own work: loading this binary and its libraries costs a process some 10-20 ms of
/// CPU (a dynamically linked Foundation), which `check` otherwise paid twice in a row, its own
/// start and then its worker's. `check` starts one first thing, before it parses its arguments;
/// the next ``DecodeClient`` with the default executable, arguments and environment takes it
/// instead of starting its own (one child per decode, as before). A worker never taken (a
/// command line that fails, `--help`) reads the end of its input when this process exits, and
/// ends without a word: its output and errors are pipes to this process only.
public enum EarlyWorker {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var waiting: (executable: String, child: SupervisedProcess)?

    /// Starts the default worker child (``DecodeClient/selfExecutable`` `decode-worker`), unless
    /// one is waiting already; `hint`: the command line it serves, whose last session's runner it
    /// starts at once (``RunnerHint``). Call it from the thread that will run the decode: on Linux the
    /// child's parent-death signal follows the thread that started it.
    ///
    /// `serve`: the worker's own code, as `main` runs it for `decode-worker`. On Linux the child is
    /// then this process forked, running it without loading the program again (3-7 ms before its
    /// first line, with this process's parse beside it), which is only safe while this process has
    /// one thread: call it first thing. Elsewhere (macOS's Foundation refuses to run in a child
    /// forked without `exec`), and without `serve`, the program is started with the worker's command line.
    public static func start(hint: RunnerHint? = nil, serving serve: ((RunnerHint?) -> Int32)? = nil) {
        lock.lock()
        defer { lock.unlock() }
        guard waiting == nil else { return }
        let executable = DecodeClient.selfExecutable.path
        #if os(Linux)
        if let serve {
            if let child = try? SupervisedProcess(forking: .init(writesInput: true, leadsGroup: true), running: { exit(serve(hint)) }) {
                waiting = (executable, child)
            }
            return
        }
        #endif
        let arguments = WorkerArguments(hint: hint).arguments
        if let child = try? SupervisedProcess(executable, arguments, .init(writesInput: true, leadsGroup: true)) {
            waiting = (executable, child)
        }
    }

    /// The waiting child for a client of `executable arguments` with no environment of its own,
    /// if one was started for it; nil otherwise (the client starts its own).
    static func take(executable: URL, arguments: [String], environment: [String: String]) -> SupervisedProcess? {
        lock.lock()
        defer { lock.unlock() }
        guard let (path, child) = waiting, environment.isEmpty, arguments == DecodeClient.workerArguments, executable.path == path
        else { return nil }
        waiting = nil
        return child
    }
}

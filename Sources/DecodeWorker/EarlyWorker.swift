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
    public static func start(hint: RunnerHint? = nil) {
        lock.lock()
        defer { lock.unlock() }
        guard waiting == nil else { return }
        let executable = DecodeClient.selfExecutable.path
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

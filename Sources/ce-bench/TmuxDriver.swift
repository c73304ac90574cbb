import Foundation

/// A private tmux server (`tmux -L ce-bench-<pid>`) that runs one program in a pane of a
/// fixed size, types keys into it and reads its screen, the way a person would see it.
///
/// Every tmux command goes through `ShellCommand` (a `system()`) with its standard streams redirected to
/// files: Foundation's `Process` can hang reading a pipe that the daemonized tmux server
/// inherited, and can miss the exit of the client that starts it.
struct TmuxDriver {
    let socket: String
    /// Where command output and the server's config go.
    let scratch: String
    let session = "bench"
    private let config: String

    /// Each driver gets its own server: a new server on the socket of one just killed can
    /// find it still exiting ("server exited unexpectedly").
    nonisolated(unsafe) private static var serial = 0

    init(scratch: String) throws {
        Self.serial += 1
        socket = "ce-bench-\(getpid())-\(Self.serial)"
        self.scratch = scratch
        config = scratch + "/tmux.conf"
        // No status line (the pane gets the whole window); keep a pane whose program exited,
        // so its exit status can be read.
        let settings = "set -g status off\nset -g remain-on-exit on\nset -g history-limit 0\n"
        try FileBytes.write(Array(settings.utf8), to: config)
    }

    static var isAvailable: Bool {
        ShellCommand.run("command -v tmux > /dev/null 2>&1") == 0
    }

    static var version: String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ce-bench-tmux-version-\(getpid())").path
        defer { unlink(file) }
        ShellCommand.run("tmux -V > \(shellQuoted(file)) 2>&1 < /dev/null")
        return ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "tmux ?").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `tmux -L socket -f config ARGUMENTS` and returns what it printed.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let output = scratch + "/tmux-output"
        let command =
            (["tmux", "-u", "-L", socket, "-f", config] + arguments).map(Self.shellQuoted).joined(separator: " ")
            + " < /dev/null > " + Self.shellQuoted(output) + " 2>&1"
        let status = ShellCommand.run(command)
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw ExplorerBenchError.tmuxFailed(arguments: arguments, status: status, output: printed)
        }
        return printed
    }

    /// Starts the server with one session whose pane runs `command` (through `sh -c`).
    func start(command: String, width: Int, height: Int) throws {
        try run(["new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)", command])
    }

    /// Types keys, in tmux's names (`j`, `C-d`, `NPage`).
    func send(_ keys: [String]) throws {
        try run(["send-keys", "-t", session] + keys)
    }

    /// The pane's text as shown now.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", session])
    }

    /// A pane format value (`#{pane_pid}`, `#{pane_dead}`).
    func pane(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", session, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the screen until it contains `text`; returns the screen, or nil after `timeout`.
    func waitForScreen(containing text: String, timeout: Duration, pollEvery interval: Duration = .milliseconds(2)) throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let shown = try screen()
            if shown.contains(text) { return shown }
            if ContinuousClock.now > deadline { return nil }
            sleepFor(interval)
        }
    }

    /// Stops the server and everything in it, and removes its socket (tmux 3.3a leaves it
    /// behind); errors are ignored (it may be gone already).
    func kill() {
        let socketPath = try? run(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? run(["kill-server"])
        if let socketPath, socketPath.hasSuffix("/" + socket) { unlink(socketPath) }
    }

    static func shellQuoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// A blocking sleep for a `Duration`.
func sleepFor(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
}

import Foundation

/// Drives a private tmux server (`tmux -L socket`), so a user's own tmux is never touched.
public struct Tmux: Sendable {
    public let socket: String

    public init(socket: String) { self.socket = socket }

    /// Runs a tmux command through the shell and returns what it printed. (Foundation's
    /// `Process` on Linux can miss the exit of the tmux client that daemonizes a server;
    /// `ShellCommand`, a `system(3)`, waits for it reliably.) The server it starts, and what
    /// runs in it, use the test run's runner cache (``TestCache``).
    @discardableResult
    public func run(_ arguments: [String], capture: Bool = true) -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let command =
            "XDG_CACHE_HOME=" + Self.shellQuoted(TestCache.folder.path) + " "
            + (["tmux", "-L", socket] + arguments).map(Self.shellQuoted).joined(separator: " ")
            + " < /dev/null > " + Self.shellQuoted(capture ? output.path : "/dev/null") + " 2>&1"
        ShellCommand.run(command)
        return capture ? ((try? String(contentsOf: output, encoding: .utf8)) ?? "") : ""
    }

    /// Waits until the pane shows `text` (or `seconds` pass: the machine may be busy
    /// compiling; in a full test run the first compiled-mode decode also builds the runner
    /// library, which took over 20 s under load), then until it is done drawing, and returns the screen. (A capture taken
    /// the moment `text` appears can be half a frame: tmux may have applied only part of the
    /// explorer's update, so the rest of what a test expects is not there yet.)
    public func screen(_ session: String, until text: String, seconds: Double = 180) -> String {
        var shown = ""
        for _ in 0..<max(1, Int(seconds * 10)) {
            shown = run(["capture-pane", "-p", "-t", session])
            if shown.contains(text) { return settled(session, from: shown) }
            usleep(100_000)
        }
        return shown
    }

    /// The screen once two captures 150 ms apart agree (at most 3 s after `shown`).
    public func settled(_ session: String, from shown: String) -> String {
        var last = shown
        for _ in 0..<20 {
            usleep(150_000)
            let next = run(["capture-pane", "-p", "-t", session])
            if next == last { return next }
            last = next
        }
        return last
    }

    /// Runs a shell command and returns what it printed.
    public func shell(_ command: String) -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        ShellCommand.run(command + " > " + Self.shellQuoted(output.path) + " 2>&1")
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    /// `s` as one word for `sh`.
    public static func shellQuoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

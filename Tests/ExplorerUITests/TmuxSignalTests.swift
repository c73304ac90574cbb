import Foundation
import Testing

/// Signals that end the explorer give the terminal back (issue 11): after SIGUSR1, SIGALRM or
/// SIGPIPE the shell's prompt is usable, with no alternate screen and no mouse reporting left on.
@Suite(.serialized) struct TmuxSignalTests {
    typealias E2E = TmuxEndToEndTests
    static let socket = "ce-e2e-signal-\(getpid())"

    @discardableResult
    static func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        try E2E.tmux(arguments, capture: capture, socket: socket)
    }

    /// tmux's view of the pane: the alternate screen, and every mouse reporting mode.
    static func terminalModes(_ session: String) throws -> String {
        try tmux([
            "display", "-p", "-t", session, "alternate=#{alternate_on} mouse=#{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}",
        ])
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func waitFor(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            usleep(100_000)
        }
        return false
    }

    @Test(.serialized, arguments: [("USR1", SIGUSR1), ("ALRM", SIGALRM), ("PIPE", SIGPIPE), ("QUIT", SIGQUIT)])
    func theTerminalIsGivenBackOn(_ name: String, _ signal: Int32) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-e2e-signal-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = folder.appendingPathComponent("payload.json").path
        let pidFile = folder.appendingPathComponent("pid").path
        try #"{"a": [1, 2]}"#.write(toFile: payload, atomically: true, encoding: .utf8)

        let session = "signal-\(name)"
        try Self.tmux(
            ["new-session", "-d", "-x", "80", "-y", "24", "-s", session, "env PS1='READY$ ' bash --norc --noprofile"], capture: false)
        defer { try? Self.tmux(["kill-session", "-t", session], capture: false) }
        _ = try Self.waitFor(5) { try Self.tmux(["capture-pane", "-p", "-t", session]).contains("READY$") }
        try Self.tmux(
            ["send-keys", "-t", session, "clear; sh -c 'echo $$ > \(pidFile); exec \(E2E.binary.path) \(payload)'; echo exit=$?", "Enter"],
            capture: false)
        let opened = try Self.waitFor(20) { try Self.terminalModes(session).hasPrefix("alternate=1 mouse=11") }
        let modes = try Self.terminalModes(session)
        #expect(opened, "the explorer did not take the screen and the mouse: \(modes)")
        let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, signal) == 0)

        let back = try Self.waitFor(5) { try Self.tmux(["capture-pane", "-p", "-t", session]).contains("exit=\(128 + signal)") }
        #expect(back, "the process did not end by the signal")
        #expect(try Self.terminalModes(session) == "alternate=0 mouse=000")
        // The prompt answers: the shell reads a command typed at it.
        try Self.tmux(["send-keys", "-t", session, "echo still-$((20+22))", "Enter"], capture: false)
        #expect(try Self.waitFor(5) { try Self.tmux(["capture-pane", "-p", "-t", session]).contains("still-42") })
    }
}

import Foundation
import TestSupport
import Testing

/// The progress line of `check CAPTURE`: on a terminal it names the entry being checked while that
/// entry takes its time, and is gone once the check is over; on a pipe it is never written.
@Suite struct CaptureProgressTests {
    static let folder = Repository.fixtures.appendingPathComponent("captures/runner")
    /// Entry 7 of watched.jsonl loops in the model's code until its time limit (2 s, then 2 s more
    /// run again traced to say where it was).
    static let arguments = [
        "check", folder.appendingPathComponent("watched.jsonl").path, "--type", "Watched", "--model",
        folder.appendingPathComponent("Watched.swift").path, "--mode", "compiled", "--timeout", "2",
    ]

    @Test func aTerminalSeesTheEntryInHandAndThenOnlyTheVerdicts() throws {
        let socket = "ce-progress-\(getpid())"
        let tmux = Tmux(socket: socket)
        let session = "ce-progress"
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).exit").path
        let command = ([BuiltProduct.codableExplorer.path] + Self.arguments).map(Tmux.shellQuoted).joined(separator: " ")
        tmux.run(
            ["new-session", "-d", "-x", "200", "-y", "50", "-s", session, "TERM=xterm-256color \(command); echo $? > \(marker); sleep 60"],
            capture: false)
        defer {
            tmux.run(["kill-server"], capture: false)
            try? FileManager.default.removeItem(atPath: marker)
        }
        let during = tmux.screen(session, until: "checking entry 7 of 9…")
        #expect(during.contains("checking entry 7 of 9…"), "\(during)")
        // The entries before it are printed above the line, each on a line of its own.
        #expect(during.contains("watched.jsonl#5 line 6: decodes: Watched"), "\(during)")
        let after = tmux.screen(session, until: "watched.jsonl: 9 entries")
        #expect(after.contains("watched.jsonl#8 line 9: decodes: Watched"), "\(after)")
        #expect(!after.contains("checking entry"), "\(after)")
        // The summary is a line of its own: the progress line left nothing before it.
        let summary = Self.folder.appendingPathComponent("watched.jsonl").path + ": 9 entries"
        #expect(after.split(separator: "\n").contains { $0.hasPrefix(summary) }, "\(after)")
    }

    @Test func aPipeGetsNoProgressLine() throws {
        let result = try ProcessRunner.run(BuiltProduct.codableExplorer, Self.arguments)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("watched.jsonl: 9 entries"))
        #expect(!result.stderr.contains("checking entry") && !result.stdout.contains("checking entry"))
        #expect(!result.stderr.contains("\u{1B}[K"))
    }
}

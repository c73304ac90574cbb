import Foundation
import Testing

/// The real binary in a real terminal (tmux), checked the way a person reads the screen.
@Suite(.serialized) struct TmuxEndToEndTests {
    static let binary: URL = {
        // The test bundle sits in .build/<triple>/debug beside the executable.
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: dir.appendingPathComponent("codable-explorer").path) {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("codable-explorer")
    }()

    /// A private tmux server for this test process, so a user's own tmux is never touched.
    static let socket = "ce-e2e-\(getpid())"

    /// Runs a tmux command through the shell and returns what it printed. (Foundation's
    /// `Process` on Linux can miss the exit of the tmux client that daemonizes a server;
    /// `system` waits for it reliably.)
    @discardableResult
    static func tmux(_ arguments: [String], capture: Bool = true, socket: String = socket) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let command = (["tmux", "-L", socket] + arguments).map(shellQuoted).joined(separator: " ")
            + " < /dev/null > " + shellQuoted(capture ? output.path : "/dev/null") + " 2>&1"
        _ = system(command)
        return capture ? ((try? String(contentsOf: output, encoding: .utf8)) ?? "") : ""
    }

    static func shellQuoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Waits until the screen contains `text` (or 20 seconds pass: the machine may be busy
    /// compiling) and returns it.
    static func screen(_ session: String, until text: String, socket: String = socket) throws -> String {
        var shown = ""
        for _ in 0..<200 {
            shown = try tmux(["capture-pane", "-p", "-t", session], socket: socket)
            if shown.contains(text) { break }
            usleep(100_000)
        }
        return shown
    }

    @Test func openTheSampleMoveFoldResizeAndQuit() throws {
        #expect(FileManager.default.fileExists(atPath: Self.binary.path), "build the executable first: \(Self.binary.path)")
        let session = "ce-e2e-\(getpid())"
        let marker = "/tmp/\(session).exit"
        try Self.tmux(["new-session", "-d", "-x", "100", "-y", "24", "-s", session,
                       "cd / && TERM=xterm-256color \(Self.binary.path); echo $? > \(marker); sleep 5"], capture: false)
        defer { try? Self.tmux(["kill-server"], capture: false); try? FileManager.default.removeItem(atPath: marker) }

        let first = try Self.screen(session, until: "\"products\"")
        #expect(first.contains("payload.json"))
        #expect(first.contains("▸ {…} 4 keys"))

        _ = try Self.tmux(["send-keys", "-t", session, "j", "j", "l", "j"])
        #expect(try Self.screen(session, until: "$.products[1]").contains("$.products[1]"))

        _ = try Self.tmux(["send-keys", "-t", session, "l"])
        let unfolded = try Self.screen(session, until: "\"Squeeky Bottle\"")
        #expect(unfolded.contains("\"name\": \"Squeeky Bottle\""))

        _ = try Self.tmux(["resize-window", "-t", session, "-x", "15", "-y", "4"])
        #expect(try Self.screen(session, until: "Too small").contains("need 20x5"))
        _ = try Self.tmux(["resize-window", "-t", session, "-x", "100", "-y", "24"])
        #expect(try Self.screen(session, until: "Squeeky").contains("Squeeky"))

        _ = try Self.tmux(["send-keys", "-t", session, "q"])
        for _ in 0..<50 where !FileManager.default.fileExists(atPath: marker) { usleep(100_000) }
        #expect((try? String(contentsOfFile: marker, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func withoutATerminalItPointsToCheck() throws {
        let process = Process()
        process.executableURL = Self.binary
        let err = Pipe()
        process.standardOutput = Pipe()
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("codable-explorer check"))
    }
}

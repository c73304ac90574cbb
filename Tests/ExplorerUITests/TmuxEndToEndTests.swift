import Foundation
import TestSupport
import Testing

/// The real binary in a real terminal (tmux), checked the way a person reads the screen.
@Suite(.serialized) struct TmuxEndToEndTests {
    static let binary = BuiltProduct.codableExplorer

    /// A private tmux server for this test process, so a user's own tmux is never touched.
    static let socket = "ce-e2e-\(getpid())"

    /// Runs a tmux command on the server at `socket` and returns what it printed.
    @discardableResult
    static func tmux(_ arguments: [String], capture: Bool = true, socket: String = socket) throws -> String {
        Tmux(socket: socket).run(arguments, capture: capture)
    }

    static func shellQuoted(_ s: String) -> String { Tmux.shellQuoted(s) }

    /// Waits until the screen contains `text` (or three minutes pass) and returns it.
    static func screen(_ session: String, until text: String, socket: String = socket) throws -> String {
        Tmux(socket: socket).screen(session, until: text)
    }

    @Test func openTheSampleMoveFoldResizeAndQuit() throws {
        #expect(FileManager.default.fileExists(atPath: Self.binary.path), "build the executable first: \(Self.binary.path)")
        let session = "ce-e2e-\(getpid())"
        let marker = "/tmp/\(session).exit"
        try Self.tmux(
            [
                "new-session", "-d", "-x", "100", "-y", "24", "-s", session,
                "cd / && TERM=xterm-256color \(Self.binary.path); echo $? > \(marker); sleep 5",
            ], capture: false)
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

    /// Types text into the pane as if at the keyboard (tmux sends each character as a key).
    static func type(_ session: String, _ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text], capture: false)
    }

    static func keys(_ session: String, _ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys, capture: false)
    }

    /// The first and last lines of the screen: the header and the status line.
    static func headerAndStatus(_ screen: String) -> (String, String) {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let last = lines.last { !$0.isEmpty } ?? ""
        return (lines.first ?? "", last)
    }

    @Test func searchGoCopyClickPageSuspendAndResume() throws {
        let session = "ce-nav-\(getpid())"
        try Self.tmux(
            [
                "new-session", "-d", "-x", "110", "-y", "30", "-s", session,
                "env PS1='ce$ ' TERM=xterm-256color XDG_CONFIG_HOME=/nonexistent-ce CODABLE_EXPLORER_CLIPBOARD=osc52 bash --norc --noprofile",
            ], capture: false)
        defer { try? Self.tmux(["kill-server"], capture: false) }
        // OSC 52 from the explorer lands in tmux's paste buffer.
        try Self.tmux(["set-option", "-g", "set-clipboard", "on"], capture: false)
        _ = try Self.screen(session, until: "ce$")
        try Self.type(session, "cd / && \(Self.binary.path)\n")
        _ = try Self.screen(session, until: "\"products\"")
        // Clicks and the wheel are reported, motion is not (the terminal's selection still works with Shift).
        #expect(try Self.terminalModes(session) == "alternate=1 mouse=1 clicks=1 motion=0")

        // Search: the first match after the cursor, then the next.
        try Self.type(session, "/price\n")
        var (header, status) = Self.headerAndStatus(try Self.screen(session, until: "match 1 of 2"))
        #expect(header.contains("$.products[0].price "))
        #expect(status == " /price/  match 1 of 2")
        try Self.type(session, "n")
        (header, status) = Self.headerAndStatus(try Self.screen(session, until: "match 2 of 2"))
        #expect(header.contains("$.products[1].price "))

        // Go to a path: a typo is explained, a JSON Pointer lands.
        try Self.type(session, ":products.0.nmae\n")
        (_, status) = Self.headerAndStatus(try Self.screen(session, until: "did you mean"))
        #expect(status == #" $.products[0] is an object with no key "nmae" (did you mean "name"?)"#)
        try Self.type(session, ":/products/1/inStock\n")
        (header, _) = Self.headerAndStatus(try Self.screen(session, until: "$.products[1].inStock"))
        #expect(header.contains("$.products[1].inStock "))

        // Copy: echoed, and on the clipboard through OSC 52.
        try Self.type(session, "yp")
        (_, status) = Self.headerAndStatus(try Self.screen(session, until: "copied"))
        #expect(status == " copied $.products[1].inStock (key path) via OSC 52")
        var buffer = ""
        for _ in 0..<30 where buffer.isEmpty { buffer = try Self.tmux(["show-buffer"]); usleep(100_000) }
        #expect(buffer == "$.products[1].inStock")

        // A click (an SGR mouse report, as the terminal would send it) on screen line 3: "products".
        try Self.type(session, "\u{1B}[<0;12;4M\u{1B}[<0;12;4m")
        (header, _) = Self.headerAndStatus(try Self.screen(session, until: "payload.json  262 B   $.products\n"))
        #expect(header.contains("$.products "))

        // The pager, opened and closed.
        try Self.type(session, "p")
        let pager = try Self.screen(session, until: "as written")
        #expect(pager.hasPrefix(" $.products  array, "))
        #expect(pager.contains("\"name\": \"Squeeky Bottle\","))
        try Self.type(session, "q")
        _ = try Self.screen(session, until: "payload.json")

        // Ctrl-Z: the shell is back; fg: the screen is back, whole.
        try Self.keys(session, "C-z")
        let shell = try Self.screen(session, until: "Stopped")
        #expect(shell.contains("ce$"))
        #expect(try Self.terminalModes(session) == "alternate=0 mouse=0 clicks=0 motion=0")
        try Self.type(session, "clear; fg\n")
        let resumed = try Self.screen(session, until: "payload.json")
        #expect(resumed.contains("▾ \"products\": ["))
        #expect(resumed.contains("F1 help"))
        try Self.type(session, "q")
        _ = try Self.screen(session, until: "ce$")
        #expect(try Self.terminalModes(session) == "alternate=0 mouse=0 clicks=0 motion=0")

        // A payload on standard input; keys still come from the terminal.
        try Self.type(session, "clear; printf '{\"piped\": [1, 2, 3]}' | \(Self.binary.path)\n")
        let piped = try Self.screen(session, until: "<stdin>")
        #expect(piped.hasPrefix(" <stdin>  20 B"))
        try Self.type(session, "j")
        #expect(try Self.screen(session, until: "$.piped").hasPrefix(" <stdin>  20 B   $.piped"))
        try Self.type(session, "q")
        _ = try Self.screen(session, until: "ce$")

        // A broken keys.conf stops the explorer before the screen opens, like a compiler would.
        let conf = "/tmp/\(session)-keys.conf"
        try Data("map j move-dwn\n".utf8).write(to: URL(fileURLWithPath: conf))
        defer { try? FileManager.default.removeItem(atPath: conf) }
        try Self.type(session, "clear; \(Self.binary.path) --keys \(conf); echo status=$?\n")
        let refused = try Self.screen(session, until: "status=2")
        #expect(refused.contains("\(conf):1:7: error: unknown action move-dwn (did you mean `move-down`?)"))
        #expect(refused.contains("status=2"))
    }

    @Test func aCrashGivesTheTerminalBack() throws {
        let session = "ce-crash-\(getpid())"
        let payload = "/tmp/\(session).json"
        let marker = "/tmp/\(session).exit"
        let modes = "/tmp/\(session).stty"
        try Data(#"{"a": 1}"#.utf8).write(to: URL(fileURLWithPath: payload))
        defer {
            try? Self.tmux(["kill-server"], capture: false)
            for file in [payload, marker, modes] { try? FileManager.default.removeItem(atPath: file) }
        }
        // No interactive shell around it: nothing else restores the terminal's modes.
        try Self.tmux(
            [
                "new-session", "-d", "-x", "80", "-y", "20", "-s", session,
                "TERM=xterm-256color XDG_CONFIG_HOME=/nonexistent-ce \(Self.binary.path) \(payload); echo $? > \(marker); stty -a > \(modes); echo after-crash; sleep 5",
            ],
            capture: false)
        _ = try Self.screen(session, until: "\"a\": 1")
        // Anchored: the shell around it has the same words in its command line.
        let pids = try Self.shell("pgrep -f '^\(Self.binary.path) \(payload)'")
        let pid = try #require(pids.split(separator: "\n").first.flatMap { Int32($0) })
        kill(pid, SIGSEGV)
        let after = try Self.screen(session, until: "after-crash")
        // The explorer's screen is gone (the alternate screen was left) and the modes are back.
        #expect(!after.contains("\"a\": 1"))
        for _ in 0..<50 where !FileManager.default.fileExists(atPath: modes) { usleep(100_000) }
        #expect((try? String(contentsOfFile: marker, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "139")
        let stty = (try? String(contentsOfFile: modes, encoding: .utf8)) ?? ""
        let words = Set(stty.split { $0 == " " || $0 == "\n" || $0 == ";" }.map(String.init))
        #expect(words.contains("icanon") && words.contains("echo") && words.contains("isig"), "\(stty)")
    }

    /// What the pane's terminal is doing: the alternate screen, mouse reporting of any kind,
    /// of clicks (mode 1000), of motion (1003).
    static func terminalModes(_ session: String) throws -> String {
        try tmux([
            "display-message", "-p", "-t", session,
            "alternate=#{alternate_on} mouse=#{mouse_any_flag} clicks=#{mouse_standard_flag} motion=#{mouse_all_flag}",
        ])
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs a shell command and returns what it printed.
    static func shell(_ command: String) throws -> String { Tmux(socket: socket).shell(command) }

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

/// The explorer on piped standard input keeps a private copy of the payload for its worker; a
/// signal that ends it removes the copy (it was left in `$TMPDIR` for good), and the terminal is
/// given back.
@Suite(.serialized) struct TmuxPipedInputSignalTests {
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalRemovesTheCopyOfStandardInput(signal: Int32) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ce-piped-\(UUID().uuidString)")
        let temporary = dir.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"pipedKey": [1, 2, 3]}"#.utf8).write(to: dir.appendingPathComponent("p.json"))
        let socket = "ce-piped-\(getpid())-\(signal)"
        let tmux = Tmux(socket: socket)
        defer { tmux.run(["kill-server"], capture: false) }
        let binary = BuiltProduct.codableExplorer.path
        tmux.run(
            [
                "new-session", "-d", "-x", "100", "-y", "24", "-s", "piped",
                "cd \(dir.path) && cat p.json | env TMPDIR=\(temporary.path) TERM=xterm-256color XDG_CONFIG_HOME=/nonexistent-ce \(binary); echo ended; sleep 30",
            ], capture: false)
        #expect(tmux.screen("piped", until: "pipedKey").contains("<stdin>"))
        let copies = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("codable-explorer-stdin") }
        #expect(copies.count == 1, "\(copies)")
        let pane = pid_t(tmux.run(["display-message", "-p", "-t", "piped", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
        let explorer = try #require(pane.flatMap { ProcessTable.descendants(of: $0, matching: binary).first })
        kill(explorer, signal)
        #expect(tmux.screen("piped", until: "ended").contains("ended"))
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("codable-explorer") }
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
    }
}

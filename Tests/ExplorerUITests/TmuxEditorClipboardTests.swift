import Foundation
import TestSupport
import Testing

/// `v` / `V` with `$EDITOR`, the clipboard command, and SGR mouse reports, in the real binary
/// in tmux (a private server per test).
@Suite(.serialized) struct TmuxEditorClipboardTests {
    typealias E2E = TmuxEndToEndTests

    static let payload = """
        {
          "name": "Squeeky Bottle",
          "price": 12,
          "tags": ["soap", "bottle"]
        }
        """

    /// A folder with the payload and the scripts a test puts on PATH or in EDITOR.
    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ce-e2e-edit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(payload.utf8).write(to: dir.appendingPathComponent("payload.json"))
        return dir
    }

    static func script(_ text: String, at url: URL) throws {
        try ExecutableScript.write(text, to: url)
    }

    static func start(_ session: String, socket: String, in dir: URL, env: String, width: Int = 100, height: Int = 24) throws {
        try E2E.tmux(
            [
                "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", session,
                "cd \(E2E.shellQuoted(dir.path)) && env XDG_CONFIG_HOME=/nonexistent-ce \(env) \(E2E.binary.path) payload.json; sleep 5",
            ],
            capture: false, socket: socket)
        _ = try E2E.screen(session, until: "\"tags\"", socket: socket)
    }

    static func keys(_ session: String, socket: String, _ keys: String...) throws {
        try E2E.tmux(["send-keys", "-t", session] + keys, capture: false, socket: socket)
    }

    @Test func vOpensTheValueAndVThePayloadAtItsLineInACopy() throws {
        let socket = "ce-edit-\(getpid())"
        let dir = try Self.folder()
        defer { try? E2E.tmux(["kill-server"], capture: false, socket: socket); try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("editor.log")
        // The editor records its arguments and the file; it saves a change when asked to.
        try Self.script(
            """
            for last; do :; done
            echo "args: $*" >> \(log.path)
            cat "$last" >> \(log.path)
            [ -e \(dir.path)/save ] && echo '// edited' >> "$last"
            exit 0
            """, at: dir.appendingPathComponent("editor.sh"))
        let session = "edit"
        try Self.start(session, socket: socket, in: dir, env: "TERM=xterm-256color EDITOR=\(dir.path)/editor.sh")

        // j j j: on "tags"; v: its value in the editor, from line 1.
        try Self.keys(session, socket: socket, "j", "j", "j", "v")
        let closed = try E2E.screen(session, until: "closed", socket: socket)
        #expect(closed.contains("closed \(dir.path)/editor.sh: nothing saved, the payload is unchanged"))
        // The tree is painted again whole after the editor had the terminal.
        #expect(closed.contains("\"name\": \"Squeeky Bottle\""))
        let first = try String(contentsOf: log, encoding: .utf8)
        #expect(first.hasPrefix("args: +1 /"))
        #expect(first.contains("/value.json\n[\"soap\", \"bottle\"]\n"))
        // No copy is left behind when nothing was saved.
        let copy = String(first.split(separator: "\n")[0].split(separator: " ").last ?? "")
        #expect(!FileManager.default.fileExists(atPath: copy))

        // V: the whole payload, at the cursor's line (4); saved, so the copy is kept and named.
        FileManager.default.createFile(atPath: dir.appendingPathComponent("save").path, contents: Data())
        try Self.keys(session, socket: socket, "V")
        let saved = try E2E.screen(session, until: "saved:", socket: socket)
        let status = saved.split(separator: "\n").last { !$0.isEmpty }.map(String.init) ?? ""
        #expect(status.hasPrefix(" saved: the edited copy is /"))
        let second = try String(contentsOf: log, encoding: .utf8).dropFirst(first.count)
        #expect(second.hasPrefix("args: +4 /"))
        #expect(second.contains("/payload.json\n" + Self.payload))
        let kept = String(second.split(separator: "\n")[0].split(separator: " ").last ?? "")
        // The copy is the user's only (0600), in a folder of its own (0700) under a name nobody can guess.
        #expect(try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int == 0o600)
        let copyFolder = (kept as NSString).deletingLastPathComponent
        #expect(try FileManager.default.attributesOfItem(atPath: copyFolder)[.posixPermissions] as? Int == 0o700)
        #expect(try String(contentsOfFile: kept, encoding: .utf8).hasSuffix("// edited\n"))
        #expect(try String(contentsOf: dir.appendingPathComponent("payload.json"), encoding: .utf8) == Self.payload)
        // The copy's folder goes with it (removing the copy alone left an empty folder in /tmp each run).
        try? FileManager.default.removeItem(atPath: copyFolder)
    }

    @Test func theCopyGoesThroughXclipWhenThereIsADisplay() throws {
        let socket = "ce-clip-\(getpid())"
        let dir = try Self.folder()
        defer { try? E2E.tmux(["kill-server"], capture: false, socket: socket); try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let clipboard = dir.appendingPathComponent("clipboard")
        try Self.script("echo \"$*\" > \(clipboard.path).args\ncat > \(clipboard.path)\n", at: bin.appendingPathComponent("xclip"))
        let session = "clip"
        try Self.start(session, socket: socket, in: dir, env: "TERM=xterm-256color DISPLAY=:99 PATH=\(bin.path):/usr/bin:/bin")
        try Self.keys(session, socket: socket, "j", "y", "q")
        let screen = try E2E.screen(session, until: "via", socket: socket)
        #expect(screen.split(separator: "\n").last { !$0.isEmpty } == " copied .name (jq path) via xclip")
        #expect(try String(contentsOf: clipboard, encoding: .utf8) == ".name")
        #expect(try String(contentsOf: clipboard.appendingPathExtension("args"), encoding: .utf8) == "-selection clipboard\n")

        // An xclip that fails: the status says so, and OSC 52 carries the text instead.
        try Self.script("cat > /dev/null\nexit 3\n", at: bin.appendingPathComponent("xclip"))
        try Self.keys(session, socket: socket, "y", "k")
        let failed = try E2E.screen(session, until: "instead", socket: socket)
        #expect(
            failed.split(separator: "\n").last { !$0.isEmpty } == " copied name (key); xclip exited with status 3, sent by OSC 52 instead")
    }

    /// A click past column 223 lands (SGR reports), whether ncurses reads them (xterm's
    /// terminfo) or the explorer does (screen's, whose kmous is the old encoding).
    @Test(arguments: ["xterm-256color", "screen-256color"])
    func aClickPastColumn223Lands(term: String) throws {
        let socket = "ce-sgr-\(getpid())-\(term.prefix(6))"
        let dir = try Self.folder()
        defer { try? E2E.tmux(["kill-server"], capture: false, socket: socket); try? FileManager.default.removeItem(at: dir) }
        let session = "sgr"
        try Self.start(session, socket: socket, in: dir, env: "TERM=\(term)", width: 260, height: 30)
        let flags = try E2E.tmux(["display-message", "-p", "-t", session, "#{mouse_sgr_flag}"], socket: socket)
        #expect(flags.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        // The terminal's report of a left press at column 241, row 4 (the "price" row), 1-based.
        try E2E.tmux(
            ["send-keys", "-t", session, "-H"] + Array("\u{1B}[<0;241;4M\u{1B}[<0;241;4m".utf8).map { String($0, radix: 16) },
            capture: false, socket: socket)
        let screen = try E2E.screen(session, until: "$.price", socket: socket)
        #expect(screen.split(separator: "\n").first?.contains("$.price") == true)
    }

    /// The tour: with no payload the first scenario opens; `S` picks another, which opens with
    /// its own model and type.
    @Test func theTourOpensAnotherScenario() throws {
        let socket = "ce-tour-\(getpid())"
        defer { try? E2E.tmux(["kill-server"], capture: false, socket: socket) }
        try E2E.tmux(
            [
                "new-session", "-d", "-x", "100", "-y", "30", "-s", "tour",
                "cd / && env TERM=xterm-256color XDG_CONFIG_HOME=/nonexistent-ce \(E2E.binary.path); sleep 5",
            ],
            capture: false, socket: socket)
        _ = try E2E.screen("tour", until: "ProductCategory", socket: socket)
        try Self.keys("tour", socket: socket, "S")
        let picker = try E2E.screen("tour", until: "Decode `ProductCategory` at the root.", socket: socket)
        #expect(picker.contains("The tour: 30 scenarios  (Enter opens one; Esc closes)"))
        try Self.keys("tour", socket: socket, "j", "j", "Enter")
        // (The picker shows scenario 03's ABOUT, which names `Team` too: wait for the header.)
        let opened = try E2E.screen("tour", until: "03-null-vs-missing/payload.json", socket: socket)
        #expect(opened.split(separator: "\n").first?.contains("03-null-vs-missing/payload.json") == true)
        #expect(try E2E.screen("tour", until: "1 error", socket: socket).contains("Team  ✖ 1 error"))
        // A fix written in the tour goes to the tour's private copy, never to the bundled samples.
        let bundled = Samples.folder.appendingPathComponent("03-null-vs-missing/Models.swift")
        let before = try Data(contentsOf: bundled)
        try Self.keys("tour", socket: socket, "]", "e", "f")
        _ = try E2E.screen("tour", until: "j/k choose", socket: socket)
        try Self.keys("tour", socket: socket, "Enter")
        let question = try E2E.screen("tour", until: "y writes", socket: socket)
        #expect(question.contains("codable-explorer-tour-"), "\(question)")
        try Self.keys("tour", socket: socket, "y")
        _ = try E2E.screen("tour", until: "model reloaded", socket: socket)
        #expect(try Data(contentsOf: bundled) == before)
    }

    /// Started with no payload in a folder that holds a SamplePayloads of its own (someone else's
    /// copy, with a model that would run), the explorer opens the samples of the checkout it was
    /// built in: the working directory is never searched for the tour (issue 34).
    @Test func theWorkingDirectorysSamplesAreNeverTheTour() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-copy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("SamplePayloads/01-basics")
        try FileManager.default.createDirectory(at: scenario, withIntermediateDirectories: true)
        for file in ["Models.swift", "scenario.json", "ABOUT.md"] {
            try FileManager.default.copyItem(
                at: Samples.folder.appendingPathComponent("01-basics/" + file), to: scenario.appendingPathComponent(file))
        }
        try Data(#"{"category": "Only in the copy", "products": []}"#.utf8).write(to: scenario.appendingPathComponent("payload.json"))
        let socket = "ce-copy-\(getpid())"
        defer { try? E2E.tmux(["kill-server"], capture: false, socket: socket) }
        try E2E.tmux(
            [
                "new-session", "-d", "-x", "100", "-y", "30", "-s", "copy",
                "cd \(folder.path) && env TERM=xterm-256color XDG_CONFIG_HOME=/nonexistent-ce \(E2E.binary.path); sleep 5",
            ],
            capture: false, socket: socket)
        let screen = try E2E.screen("copy", until: "ProductCategory  ✖ 1 error", socket: socket)
        #expect(!screen.contains("Only in the copy"), "\(screen)")
        #expect(screen.contains("\"category\": \"Soap\""), "\(screen)")
    }
}

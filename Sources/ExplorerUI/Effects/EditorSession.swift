import DecodingEngine
import Foundation
import JSONTree
import Teaching

/// Runs `$VISUAL` or `$EDITOR` (else `vi`) on a temporary copy while the terminal is handed
/// over, and says what came of it. The command is run by `/bin/sh` so an editor with
/// arguments (`EDITOR="code -w"`) works; the line goes as `+N`, which vi, vim, nano, emacs
/// and micro read.
enum EditorSession {
    static func editor(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Writes the copy, runs the editor (inside `handOver`, which gives the terminal back and
    /// takes it again), and returns the status line's message.
    static func run(_ request: EditorRequest, tree: JSONTree, handOver: (() -> Void) -> Void) -> Action {
        let original = request.text.map { Data($0.utf8) } ?? Data(tree.text)
        // In a folder of its own (0700, a name nobody can guess), the copy the user's only (0600).
        let folder: URL
        do { folder = try PrivateFolder.makeUnique(in: FileManager.default.temporaryDirectory, prefix: "codable-explorer-edit") } catch {
            return .notice("could not make a folder for the editor's copy: \(error.description)", isError: true)
        }
        let file = folder.appendingPathComponent(request.fileName)
        do {
            try AtomicFile.createNew(file.path, bytes: [UInt8](original), mode: 0o600)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            return .notice("could not write a copy for the editor: \(error.reason)", isError: true)
        }
        let editor = editor()
        var status: Int32 = -1
        var startProblem: String?
        handOver {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", editor + " \"$@\"", "sh", "+\(request.line)", file.path]
            // The editor reads the terminal, even when the payload came on standard input.
            if let tty = FileHandle(forUpdatingAtPath: "/dev/tty") {
                process.standardInput = tty
                process.standardOutput = tty
                process.standardError = tty
            }
            do {
                try process.run()
                process.waitUntilExit()
                status = process.terminationStatus
            } catch {
                startProblem = error.localizedDescription
            }
        }
        let name = TerminalSafeText.escape(editor)
        if let startProblem { return .notice("could not start \(name): \(startProblem)", isError: true) }
        let saved = FileManager.default.contents(atPath: file.path)
        if let saved, saved != original {
            return .notice("saved: the edited copy is \(TerminalSafeText.escape(file.path)) (the payload is unchanged)", isError: false)
        }
        try? FileManager.default.removeItem(at: folder)
        if status != 0 { return .notice("\(name) exited with status \(status); nothing saved", isError: true) }
        return .notice("closed \(name): nothing saved, the payload is unchanged", isError: false)
    }
}

import CodableExplorerRunner
import DecodingEngine
import Foundation

/// A program that puts text on the system clipboard, for terminals that ignore OSC 52 (the
/// macOS Terminal, many Linux terminals, or none at all over a plain pipe): `pbcopy` on macOS,
/// `wl-copy` under Wayland, `xclip` or `xsel` under X. The explorer uses one when it is on
/// PATH and its display is there, and says in the status line which way the text went.
public struct ClipboardCommand: Hashable, Sendable {
    /// What the status line calls it: `xclip`.
    public var name: String
    /// The executable's full path.
    public var executable: String
    public var arguments: [String]

    public init(name: String, executable: String, arguments: [String]) {
        self.name = name
        self.executable = executable
        self.arguments = arguments
    }

    /// The command this environment offers, if any. `CODABLE_EXPLORER_CLIPBOARD=osc52` turns
    /// them off (the terminal's own clipboard, e.g. over ssh into a tmux with set-clipboard).
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> ClipboardCommand? {
        if environment["CODABLE_EXPLORER_CLIPBOARD"] == "osc52" { return nil }
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            path.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        var candidates: [(String, [String])] = []
        #if canImport(Darwin)
        candidates.append(("pbcopy", []))
        #endif
        if environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) ?? false { candidates.append(("wl-copy", [])) }
        if environment["DISPLAY"].map({ !$0.isEmpty }) ?? false {
            candidates.append(("xclip", ["-selection", "clipboard"]))
            candidates.append(("xsel", ["--clipboard", "--input"]))
        }
        for (name, arguments) in candidates {
            if let executable = find(name) { return ClipboardCommand(name: name, executable: executable, arguments: arguments) }
        }
        return nil
    }

    /// Why the command did not take the text.
    public enum Failure: Error, Hashable, Sendable {
        case cannotStart(String)
        case exited(Int32)
        case timedOut
    }

    /// Hands the text to the command on its standard input and waits (at most two seconds)
    /// for it to take it. Its output goes nowhere, so it never lands on the screen.
    public func copy(_ text: String, timeout: Duration = .seconds(2)) -> Result<Void, Failure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .failure(.cannotStart(error.localizedDescription)) }
        PipeWriter.writeAll(Data(text.utf8), to: input.fileHandleForWriting.fileDescriptor)
        try? input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                return .failure(.timedOut)
            }
            usleep(2_000)
        }
        return process.terminationStatus == 0 ? .success(()) : .failure(.exited(process.terminationStatus))
    }
}

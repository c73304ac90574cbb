import Foundation

/// A program the tests write, compiled with the real `swiftc` and run: the one place that writes
/// the files, compiles them (at the lowest priority: timing-sensitive end-to-end tests run beside
/// it) and says what went wrong. ``FoundationOracle`` is built on it.
public enum SwiftProgram {
    public enum Failure: Error, CustomStringConvertible {
        case compile(String)
        case run(String)
        public var description: String {
            switch self {
            case .compile(let output): "the test program did not compile:\n\(output)"
            case .run(let output): "the test program failed:\n\(output)"
            }
        }
    }

    /// Writes `files` (name → text, each with its own imports) into `folder` and compiles them with
    /// `flags` into `folder/name`; `main.swift`, when there is one, goes first. Returns the program.
    @discardableResult
    public static func build(_ files: [String: String], flags: [String] = [], in folder: URL, name: String = "program") throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, text) in files { try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        let names = files.keys.sorted { ($0 == "main.swift" ? 0 : 1, $0) < ($1 == "main.swift" ? 0 : 1, $1) }
        let compile = try ProcessRunner.runCombined(
            "/usr/bin/nice", ["-n", "19", Swiftc.path] + flags + names + ["-o", name], in: folder, environment: ["TMPDIR": folder.path])
        guard compile.status == 0 else { throw Failure.compile(compile.output) }
        return folder.appendingPathComponent(name)
    }

    /// Compiles `files` in a fresh temporary folder, runs the program and returns what it printed
    /// (stdout and stderr together); throws when it does not compile or does not exit with 0.
    public static func output(_ files: [String: String], flags: [String] = []) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swift-program-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = try build(files, flags: flags, in: folder)
        let run = try ProcessRunner.runCombined(program.path, [], in: folder)
        guard run.status == 0 else { throw Failure.run(run.output) }
        return run.output
    }
}

import Foundation

/// What a child process printed and how it ended.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs programs for tests: the compiler, the programs it builds, the tool's own binary.
public enum ProcessRunner {
    /// Runs `executable` with stdout and stderr on one pipe (interleaved as a terminal would
    /// show them) and returns its exit status and that output.
    public static func runCombined(
        _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = Self.environment(environment)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs `executable` with stdout and stderr kept apart; stdin is `stdin` when given, else
    /// the null device. `environment` is added to this process's own.
    public static func run(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, stdin: String? = nil,
        environment: [String: String] = [:]
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = Self.environment(environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = stdin.map { _ in Pipe() }
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
        // Standard input is written, and standard error read, beside the reading of standard
        // output: a child that fills one pipe while the test waits on another would hang both.
        let group = DispatchGroup()
        if let input, let stdin {
            DispatchQueue.global().async(group: group) {
                input.fileHandleForWriting.write(Data(stdin.utf8))
                try? input.fileHandleForWriting.close()
            }
        }
        nonisolated(unsafe) var errors = Data()
        DispatchQueue.global().async(group: group) { errors = err.fileHandleForReading.readDataToEndOfFile() }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errors, as: UTF8.self))
    }

    /// This process's environment with `extra`, and the test run's runner cache
    /// (``TestCache``) unless `extra` names another.
    private static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        if extra["XDG_CACHE_HOME"] == nil { environment["XDG_CACHE_HOME"] = TestCache.folder.path }
        return environment
    }
}

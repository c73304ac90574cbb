import Foundation

/// The real Swift compiler, for differential tests: found as the tool finds the user's
/// (`SwiftCompiler.find` in DecodingEngine): `SWIFTC`, then `PATH`, then `xcrun` on macOS.
/// Never a fixed install path.
public enum Swiftc {
    /// The compiler's path; when this machine has none, a path that does not exist and says
    /// why, so every test that compiles fails with that text instead of passing.
    public static let path: String = find() ?? "/swiftc-not-found-set-SWIFTC-or-PATH"

    /// Runs swiftc with the arguments in `folder` and returns its exit status and combined output;
    /// its temporary files go in a folder of this run's own, removed after it (the driver never
    /// removes its `TemporaryDirectory.*`, and `folder` may be the repository's, a sample's).
    public static func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("ce-swiftc-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        return try ProcessRunner.runCombined(path, arguments, in: folder, environment: ["TMPDIR": temporary.path])
    }

    /// Runs any program (a harness swiftc built, `nice`, `patch`) with combined output; `environment`
    /// is added to this process's (`TMPDIR` for a swiftc run through `nice`).
    public static func execute(
        _ executable: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        try ProcessRunner.runCombined(executable, arguments, in: folder, environment: environment)
    }

    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var candidates: [String] = []
        if let explicit = environment["SWIFTC"], !explicit.isEmpty { candidates.append(explicit) }
        for folder in (environment["PATH"] ?? "").split(separator: ":") { candidates.append("\(folder)/swiftc") }
        #if os(macOS)
        if let found = try? ProcessRunner.runCombined("/usr/bin/xcrun", ["--find", "swiftc"]), found.status == 0 {
            candidates.append(found.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #endif
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

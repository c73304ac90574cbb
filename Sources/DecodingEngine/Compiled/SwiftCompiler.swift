import Foundation

/// The user's own `swiftc`: found on `PATH` (or `SWIFTC`), or through `xcrun` on macOS.
struct SwiftCompiler {
    let executable: URL
    /// `swiftc --version`, part of every cache key: a new toolchain builds new runners.
    let version: String

    /// The compiler, or nil when this machine has none.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> SwiftCompiler? {
        var candidates: [String] = []
        if let explicit = environment["SWIFTC"], !explicit.isEmpty { candidates.append(explicit) }
        for folder in (environment["PATH"] ?? "").split(separator: ":") { candidates.append("\(folder)/swiftc") }
        #if os(macOS)
        if let found = try? ChildProcess.run(URL(fileURLWithPath: "/usr/bin/xcrun"), ["--find", "swiftc"]), found.status == 0 {
            candidates.append(found.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #endif
        for path in candidates where FileManager.default.isExecutableFile(atPath: path) {
            let url = URL(fileURLWithPath: path)
            guard let run = try? ChildProcess.run(url, ["--version"]), run.status == 0 else { continue }
            return SwiftCompiler(executable: url, version: (run.stdout + run.stderr).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return nil
    }
}

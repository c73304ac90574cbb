import Foundation

/// The user's own `swiftc`: found on `PATH` (or `SWIFTC`), or through `xcrun` on macOS.
struct SwiftCompiler {
    let executable: URL
    /// `swiftc --version`, part of every cache key: a new toolchain builds new runners.
    let version: String

    /// The compiler, or nil when this machine has none. Its version comes from `cache`
    /// (``CompilerVersionRecord``) when the toolchain's files are those it was asked about.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment, cache: URL? = nil) -> SwiftCompiler? {
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
            // A frontend named apart from the driver is not what the record describes.
            let remembers = environment["SWIFT_DRIVER_SWIFT_FRONTEND_EXEC"] == nil ? cache : nil
            if let remembers, let version = CompilerVersionRecord.version(of: url, in: remembers) {
                return SwiftCompiler(executable: url, version: version)
            }
            // Even for `--version`, swiftc's driver leaves an empty `TemporaryDirectory.XXXXXX` in the
            // temporary folder: it goes in a private folder of the cache, removed after.
            if let remembers { try? PrivateFolder.ensure(remembers) }
            let work = remembers.flatMap { try? BuildFolder(in: $0) }
            defer { work?.remove() }
            let temporary = work.map { ["TMPDIR": $0.url.path] } ?? [:]
            guard let run = try? ChildProcess.run(url, ["--version"], environment: temporary), run.status == 0 else { continue }
            let version = (run.stdout + run.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
            if let remembers { CompilerVersionRecord.remember(version, of: url, in: remembers) }
            return SwiftCompiler(executable: url, version: version)
        }
        return nil
    }

    /// What a compile said: its exit status and its diagnostics (stderr, then stdout).
    struct Result {
        var status: Int32
        var text: String
    }

    /// One compile job a core: swiftc's driver runs one frontend at a time unless told (the runner
    /// library with `-O` took 15.6 s alone and 8.4 s with `-j 2` on two cores).
    static let parallelJobs = ["-j", String(max(1, ProcessInfo.processInfo.activeProcessorCount))]

    /// Runs swiftc in this process's group (a cancelled decode ends it with the worker), with its
    /// temporary files in `folder` (private to the user) when given, one job a core.
    func run(_ arguments: [String], in folder: URL? = nil) throws(CompiledDecoder.Failure) -> Result {
        try Self.run(executable, Self.parallelJobs + arguments, in: folder)
    }

    /// Runs a tool of the toolchain (swiftc, clang) as ``run(_:in:)`` runs swiftc.
    static func run(_ tool: URL, _ arguments: [String], in folder: URL?) throws(CompiledDecoder.Failure) -> Result {
        var setup = SupervisedProcess.Setup()
        if let folder { setup.environment["TMPDIR"] = folder.path }
        let process: SupervisedProcess
        do { process = try SupervisedProcess(tool.path, arguments, setup) } catch {
            throw .compilerFailed(error.description)
        }
        let collected = process.collect(keeping: 1 << 20)
        let text = collected.output.standardError.text + collected.output.standardOutput.text
        switch collected.termination {
        case .exited(let status): return Result(status: status, text: text)
        case .signalled(let signal):
            return Result(status: 128 + signal, text: text + "\n\(tool.lastPathComponent) ended by signal \(signal)")
        }
    }
}

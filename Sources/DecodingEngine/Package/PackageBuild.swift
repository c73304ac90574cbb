import Foundation
import JSONTree

/// Builds a target of the user's package with SwiftPM, as their own `swift build` builds it: a
/// debug build (testable, so the runner's `main` reaches internal types; `package` access through
/// the package's name), offline (`--disable-automatic-resolution`: only the dependencies the package
/// has resolved), with its macros, conditional imports and resources. The build goes into a private
/// scratch folder in the user's cache, one per package folder, so nothing is written into the
/// package (SwiftPM's incremental build makes a save rebuild only what changed). SwiftPM's own
/// temporary files and locks go into a private folder of the cache too (``temporary``), and its
/// manifest cache into the scratch folder (`--manifest-cache local`): nothing of the build sits in a
/// shared folder under a name another user could take first.
struct PackageBuild {
    let target: PackageTarget
    let compiler: SwiftCompiler
    /// SwiftPM's scratch path for this package.
    let scratch: URL
    /// SwiftPM's `TMPDIR`: one private folder for every package build of this cache, because SwiftPM
    /// keeps its locks there (the scratch folder's, its workspace state's, its manifest database's),
    /// and two builds of one package must meet on them. The driver's `TemporaryDirectory.*` folders,
    /// which it leaves there after every build, go once they are an hour old (``pruneTemporary()``).
    let temporary: URL
    /// The runner cache these folders are in (where their private path starts).
    let cacheFolder: URL

    init(target: PackageTarget, compiler: SwiftCompiler, cacheFolder: URL) {
        self.target = target
        self.compiler = compiler
        self.cacheFolder = cacheFolder
        let packages = cacheFolder.appendingPathComponent("packages")
        scratch = packages.appendingPathComponent(RunnerCache.key([target.directory]))
        temporary = packages.appendingPathComponent("tmp")
    }

    /// The `swift` beside the user's `swiftc`: the same toolchain builds the package and the runner.
    var swift: URL { compiler.executable.deletingLastPathComponent().appendingPathComponent("swift") }

    /// What the runner links against: the target's and its dependencies' objects and modules.
    struct Built {
        /// Where the built Swift modules are (`-I`).
        var modules: URL
        var objects: [String]
        /// The package's name as SwiftPM compiles it (`-package-name`), for `package` access.
        var packageName: String?
        /// The Swift modules the target depends on (its own first): the runner's `main` imports them.
        var imports: [String]
        /// Flags that find the C modules the target imports.
        var flags: [String]
        /// The Swift sources of each module of `imports`, as SwiftPM compiled them.
        var sources: [String: [String]]
        /// The target's own objects (among `objects`), its compile flags and its sources as SwiftPM
        /// compiled them: for building it again from a fix's edit.
        var ownObjects: [String]
        var ownFlags: [String]
        var ownSources: [String]
    }

    /// The target's folder and its Swift sources, from SwiftPM's description of the package.
    func sources() throws(CompiledDecoder.Failure) -> (folder: String, files: [String]) {
        let result = try run([
            "package", "--package-path", target.directory, "--scratch-path", scratch.path, "--manifest-cache", "local", "describe",
            "--type", "json",
        ])
        guard result.status == 0 else { throw .packageProblem(target, Self.lastLines(result.text)) }
        let description: PackageDescription
        do {
            // SwiftPM may print notes before the JSON.
            let json = result.stdout.drop { $0 != "{" }
            description = try JSONDecoder().decode(PackageDescription.self, from: Data(json.utf8))
        } catch {
            throw .packageProblem(target, "its description did not read: \(error)")
        }
        guard let found = description.targets.first(where: { $0.name == target.name }) else {
            let names = description.targets.filter { $0.type != "test" }.map(\.name).joined(separator: ", ")
            throw .packageProblem(target, "the package has no target named \(target.name) (its targets: \(names))")
        }
        guard found.type != "macro", found.type != "test", found.type != "plugin" else {
            throw .packageProblem(target, "\(target.name) is a \(found.type) target; name the target that declares the models")
        }
        let files = description.files(of: found)
        return (files.folder, files.sources)
    }

    /// Builds the target (and what it depends on) and says what to link the runner against.
    func build() throws(CompiledDecoder.Failure) -> Built {
        do {
            try PrivateFolder.ensure(scratch, root: cacheFolder)
        } catch {
            throw .cacheUnsafe(error.description)
        }
        // Taken before the build: a save during it builds again next time. One file for every target:
        // SwiftPM's build description is the last build's, whichever target it built.
        let fingerprint = PackageFingerprint.of(target, scratch: scratch, toolchain: compiler.version)
        let built = scratch.appendingPathComponent("codable-explorer-last-build")
        // Unchanged, and what it built is still there (a scratch folder emptied by hand builds again).
        if (try? String(contentsOf: built, encoding: .utf8)) == fingerprint, let kept = try? linkable(),
            kept.objects.allSatisfy({ FileManager.default.fileExists(atPath: $0) })
        {
            return kept
        }
        try? FileManager.default.removeItem(at: built)
        try runBuild()
        try? Data(fingerprint.utf8).write(to: built, options: .atomic)
        return try linkable()
    }

    /// `swift build` of the target, offline.
    private func runBuild() throws(CompiledDecoder.Failure) {
        let result = try run([
            "build", "--package-path", target.directory, "--scratch-path", scratch.path, "--manifest-cache", "local", "--target",
            target.name, "--disable-automatic-resolution",
        ])
        guard result.status == 0 else {
            if result.text.contains("automatic dependency resolution is disabled") || result.text.contains("resolved file is required") {
                throw .packageUnresolved(target.directory)
            }
            // SwiftPM says an error once per job that met it (emitting the module, compiling the file).
            var errors: [SourceDiagnostic] = []
            for error in SourceDiagnostic.compilerDiagnostics(in: result.text) where error.severity == .error && !errors.contains(error) {
                errors.append(error)
            }
            if !errors.isEmpty { throw .doesNotCompile(errors) }
            throw .packageProblem(target, Self.lastLines(result.text))
        }
    }

    /// What the last build made, as SwiftPM's build description says.
    private func linkable() throws(CompiledDecoder.Failure) -> Built {
        let description: BuildDescription
        do { description = try BuildDescription.read(scratch.appendingPathComponent("debug/description.json")) } catch {
            throw .packageProblem(target, "SwiftPM's build description did not read: \(error)")
        }
        guard let own = description.command(for: target.name), let importPath = own.importPath else {
            throw .packageProblem(target, "SwiftPM's build description has no Swift module \(target.name)")
        }
        let modules = URL(fileURLWithPath: importPath)
        let buildFolder = modules.deletingLastPathComponent()
        var objects: [String] = []
        var imports: [String] = []
        var sources: [String: [String]] = [:]
        for module in description.closure(of: target.name) {
            if let command = description.command(for: module) {
                // A macro or an executable is run by the build, not linked into the app.
                guard command.isLibrary else { continue }
                objects += command.objects
                imports.append(module)
                sources[module] = description.sources(of: module)
            } else {
                objects += Self.objects(in: buildFolder.appendingPathComponent("\(module).build"))
            }
        }
        return Built(
            modules: modules, objects: objects, packageName: description.argument("-package-name", of: target.name),
            imports: imports, flags: description.cModuleFlags(of: target.name), sources: sources, ownObjects: own.objects,
            ownFlags: description.compileFlags(of: target.name), ownSources: description.sources(of: target.name))
    }

    /// A C target's objects.
    private static func objects(in folder: URL) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".o") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Removes the `TemporaryDirectory.*` folders of ``temporary`` last changed over an hour ago: the
    /// driver makes several in every build and removes none, and none lives for an hour.
    func pruneTemporary(now: Date = Date()) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix("TemporaryDirectory.") {
            let folder = temporary.appendingPathComponent(name)
            if let changed = PrivateFolder.modified(folder), now.timeIntervalSince1970 - changed > 3600 {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }

    private static func lastLines(_ text: String) -> String {
        text.split(separator: "\n").suffix(12).joined(separator: "\n")
    }

    struct Result {
        var status: Int32
        var stdout: String
        /// Standard error, then standard output: SwiftPM's diagnostics.
        var text: String
    }

    /// Runs SwiftPM in this process's group (a cancelled decode ends it with the worker), with its
    /// temporary files in ``temporary``.
    private func run(_ arguments: [String]) throws(CompiledDecoder.Failure) -> Result {
        guard FileManager.default.isExecutableFile(atPath: swift.path) else {
            throw .packageProblem(target, "there is no swift beside \(compiler.executable.path) to build the package with")
        }
        do { try PrivateFolder.ensure(temporary, root: cacheFolder) } catch { throw .cacheUnsafe(error.description) }
        pruneTemporary()
        let process: SupervisedProcess
        do {
            process = try SupervisedProcess(swift.path, arguments, .init(environment: ["TMPDIR": temporary.path]))
        } catch { throw .compilerFailed(error.description) }
        let collected = process.collect(keeping: 1 << 20)
        let stdout = collected.output.standardOutput.text
        let text = collected.output.standardError.text + stdout
        switch collected.termination {
        case .exited(let status): return Result(status: status, stdout: stdout, text: text)
        case .signalled(let signal): return Result(status: 128 + signal, stdout: stdout, text: text + "\nswift ended by signal \(signal)")
        }
    }
}

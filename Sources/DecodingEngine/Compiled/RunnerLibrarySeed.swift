import Foundation

/// The runner library as the tool's own build already made it. SwiftPM compiles the
/// `CodableExplorerRunner` target into this tool (with `-O`, in debug builds too), from the same
/// files that are embedded in it (``RunnerLibrarySource``); when the tool runs from its build
/// folder (`swift run codable-explorer`, `.build/release/codable-explorer`), that target's objects
/// and module lie beside it. ``RunnerLibrary`` installs them in place of its own `-O` build, which
/// was most of the first compiled check (3.8x a plain swiftc build of the model; DECISIONS.md,
/// "The runner library is seeded from the tool's own build").
///
/// They are used only when they are shown to be what that build would make:
/// - the build compiled exactly the embedded files (its output file map names those file names and
///   no others), and each one's text on disk is the embedded text;
/// - every object and the module are newer than every one of those files (they were made from that
///   text, not from an edit since reverted);
/// - the module was written by the user's swiftc for its target (the module names the compiler's
///   version line and target triple, as `swiftc --version` prints them);
/// - the objects and the module are the user's own files, which no one else can write (the runner
///   links them, as it would a library the cache built).
///
/// Anything else, and nothing is seeded: the library is built as before. A binary copied out of its
/// build folder (installed) looks in the build folder it was made in (``RunnerLibrarySource/scratchFolder``),
/// under the same checks; once that folder is gone or rebuilt from other source, it finds no seed.
struct RunnerLibrarySeed {
    let module: URL
    let objects: [URL]
    /// When the module and each object were last written, as they were checked: a `swift build`
    /// that rewrites one while it is copied shows here, and the copy is not used.
    var stamps: [Double] = []

    /// The folder the running tool was built in: its executable's folder, links resolved.
    static let toolBuildFolder: URL? = ThisExecutable.url.deletingLastPathComponent()

    /// Set to `off`, no seed is looked for: the library is built as an installed binary without its
    /// build folder builds it (what `ce-bench compiled` measures beside the seeded check).
    static let switchVariable = "CODABLE_EXPLORER_RUNNER_SEED"

    /// Where a seed may be, in order: the executable's folder, then the release and debug products of
    /// the build folder this tool was built in (an installed copy's way back to its build).
    static func toolBuildFolders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        guard environment[switchVariable] != "off" else { return [] }
        let scratch = RunnerLibrarySource.scratchFolder.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let products = ["release", "debug"].compactMap { scratch?.appendingPathComponent($0).resolvingSymlinksInPath() }
        var folders: [URL] = []
        for folder in [toolBuildFolder].compactMap({ $0 }) + products where !folders.contains(where: { $0.path == folder.path }) {
            folders.append(folder)
        }
        return folders
    }

    /// The first seed in `buildFolders` that this compiler would make from the embedded source, or nil.
    static func find(inAny buildFolders: [URL], compiler: SwiftCompiler) -> RunnerLibrarySeed? {
        for folder in buildFolders {
            if let seed = find(in: folder, compiler: compiler) { return seed }
        }
        return nil
    }

    /// The seed in `buildFolder` that this compiler would make from the embedded source, or nil.
    static func find(in buildFolder: URL?, compiler: SwiftCompiler) -> RunnerLibrarySeed? {
        guard let buildFolder else { return nil }
        let name = RunnerLibrary.moduleName
        let targetFolder = buildFolder.appendingPathComponent("\(name).build")
        guard let mapData = try? Data(contentsOf: targetFolder.appendingPathComponent("output-file-map.json")),
            let map = try? JSONDecoder().decode([String: [String: String]].self, from: mapData)
        else { return nil }
        let compiled = map.filter { !$0.key.isEmpty }
        let embedded = RunnerLibrarySource.files
        guard compiled.count == embedded.count else { return nil }
        var newestSource = 0.0
        var objects: [URL] = []
        for file in embedded {
            guard let (source, outputs) = compiled.first(where: { URL(fileURLWithPath: $0.key).lastPathComponent == file.name }),
                let objectPath = outputs["object"],
                let text = try? Data(contentsOf: URL(fileURLWithPath: source)), text == Data(file.text.utf8),
                let sourceTime = PrivateFolder.modified(URL(fileURLWithPath: source))
            else { return nil }
            newestSource = max(newestSource, sourceTime)
            objects.append(URL(fileURLWithPath: objectPath))
        }
        let module = ["Modules/\(name).swiftmodule", "\(name).swiftmodule"].map { buildFolder.appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        guard let module, (objects + [module]).allSatisfy({ (PrivateFolder.modified($0) ?? 0) >= newestSource }),
            (objects + [module]).allSatisfy(PrivateFolder.isTrustedFile),
            let moduleBytes = try? Data(contentsOf: module, options: .alwaysMapped)
        else { return nil }
        // `swiftc --version`: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", then "Target: x86_64-unknown-linux-gnu".
        // A triple's OS version is left out: on a Mac swiftc names the host's (macosx15.0), the package
        // its deployment target (macosx13.0), and the two link together.
        let lines = compiler.version.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let versionLine = lines.first, let target = lines.first(where: { $0.hasPrefix("Target: ") })?.dropFirst("Target: ".count)
        else { return nil }
        let triple = String(target.reversed().drop { $0.isNumber || $0 == "." }.reversed())
        for needle in [versionLine, triple] where moduleBytes.range(of: Data(needle.utf8)) == nil { return nil }
        var seed = RunnerLibrarySeed(module: module, objects: objects)
        seed.stamps = seed.currentStamps
        return seed
    }

    /// Copies the module to `moduleFile` and archives the objects into the static library `archive`
    /// (with the same swiftc); false when either fails, or when a file was written again meanwhile.
    func fill(archive: URL, moduleFile: URL, compiler: SwiftCompiler, work: URL) -> Bool {
        guard (try? FileManager.default.copyItem(at: module, to: moduleFile)) != nil,
            let made = try? compiler.run(["-static", "-emit-library", "-o", archive.path] + objects.map(\.path), in: work)
        else { return false }
        return made.status == 0 && FileManager.default.fileExists(atPath: archive.path) && currentStamps == stamps
    }

    private var currentStamps: [Double] { ([module] + objects).map { PrivateFolder.modified($0) ?? -1 } }
}

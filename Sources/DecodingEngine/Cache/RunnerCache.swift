import Foundation
import JSONTree
import ModelSchema

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compiled runners and the runner library, kept in the user's private cache folder (never in
/// their project, never in a shared temporary folder), by the content of what went into them.
///
/// A runner is the user's model files and a generated `main` of a few lines (``RunnerMain``),
/// linked against the runner library, which is built once per toolchain (``RunnerLibrary``). Each
/// is trusted only if it is the user's own file, not writable by others, and matches the record
/// (size and hash) written when it was built; otherwise it is built again, and the build says why
/// (``Built/rebuiltBecause``).
struct RunnerCache {
    let folder: URL

    /// The runners' folder in the user's cache (``PrivateFolder/cacheRoot(environment:)``).
    static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        PrivateFolder.cacheRoot(environment: environment).appendingPathComponent("runners")
    }

    /// A 128-bit content key: two FNV-1a hashes with different offsets over length-prefixed parts.
    static func key(_ parts: [String]) -> String {
        var hash = ContentHash()
        for part in parts { hash.feed(part) }
        return hash.hex
    }

    /// What a runner lookup gave.
    struct Built {
        var executable: URL
        /// swiftc ran (the runner was not in the cache, or not trusted).
        var compiled: Bool
        /// Why a runner that was in the cache was not used.
        var rebuiltBecause: String?
    }

    /// Whether a runner in the cache can run as it is.
    enum Cached {
        case reuse(Built)
        /// It must be compiled: why, when a runner was there but not trusted (nil: none was).
        case build(rebuiltBecause: String?)

        var rebuiltBecause: String? {
            if case .build(let why) = self { why } else { nil }
        }
    }

    /// The cache's verdict on the runner at `executable` (``BuildRecord``): the one trust check
    /// of the runners of model files and of packages.
    static func cached(_ executable: URL) -> Cached {
        switch BuildRecord.check(executable) {
        case .trusted: .reuse(Built(executable: executable, compiled: false))
        case .missing: .build(rebuiltBecause: nil)
        case .untrusted(let why): .build(rebuiltBecause: why)
        }
    }

    /// The optimisation of the user's files: `-Onone`, for the first verdict as soon as swiftc allows
    /// (DECISIONS.md, "Compiled mode builds the user's files with -Onone").
    /// The module is the user's (`--module-name`, the app's module, so a thrown error prints as the
    /// app prints it), else `Models`.
    /// The app's build settings that change what its code means (``SwiftCompilerSettings``) follow.
    static func modelFlags(module: String = defaultModuleName, settings: SwiftCompilerSettings = .init()) -> [String] {
        ["-parse-as-library", "-module-name", module, "-Onone", "-suppress-warnings"] + settings.arguments
    }

    static let defaultModuleName = "Models"

    /// What a runner's file name starts with (`runner-<key>`), before its key.
    static let runnerPrefix = "runner-"

    /// The runner for these inputs: from the cache when trusted, or compiled now; `willCompile` is
    /// called just before swiftc starts, told whether the runner library is built first.
    func runner(
        compiler: SwiftCompiler, models: [ModelSource], typeExpressions: [String],
        decoderExpression: String?, moduleName: String = defaultModuleName, settings: SwiftCompilerSettings = .init(),
        willCompile: (_ buildsLibrary: Bool) -> Void = { _ in }
    ) throws(CompiledDecoder.Failure) -> Built {
        let modelFlags = Self.modelFlags(module: moduleName, settings: settings)
        do { try PrivateFolder.ensure(folder) } catch { throw .cacheUnsafe(error.description) }
        let main = RunnerMain.text(typeExpressions: typeExpressions, decoderExpression: decoderExpression)
        let library = RunnerLibrary(folder: folder, compiler: compiler)
        var parts = [library.key, compiler.executable.path, compiler.version, main] + modelFlags
        for model in models.sorted(by: { $0.path < $1.path }) { parts += [model.path, model.text] }
        let key = Self.key(parts)
        let executable = folder.appendingPathComponent(Self.runnerPrefix + key)
        let record = BuildRecord.file(for: executable)
        let cached = Self.cached(executable)
        if case .reuse(let built) = cached { return built }
        willCompile(library.needsCompile)
        let libraryFolder = try library.built()
        let base = RunnerBase(library: library)?.ready(from: libraryFolder)
        let build = try IncrementalBuild(
            cache: folder, compiler: compiler,
            identity: [library.key, compiler.executable.path, compiler.version] + modelFlags + models.map(\.path).sorted())
        try build.locked { () throws(CompiledDecoder.Failure) in
            let mainFile = try build.file("CodableExplorerMain.swift", text: main)
            // swiftc compiles copies of the text the runner is keyed by, never the user's files
            // themselves: a save during the compile would otherwise put new code under the old key.
            let compiled = try Self.swiftNamed(models, in: build)
            let (output, result, linked) = try build.build(
                flags: modelFlags + ["-I", libraryFolder.path], linkFlags: ["-L", libraryFolder.path, "-l\(RunnerLibrary.moduleName)"],
                sources: compiled.map(\.model) + [mainFile.path], base: base)
            guard result.status == 0 else {
                let given = Dictionary(compiled.map { ($0.model, $0.given) }, uniquingKeysWith: { first, _ in first })
                let diagnostics = SourceDiagnostic.compilerDiagnostics(in: result.text).map { diagnostic in
                    var mapped = diagnostic
                    mapped.file = given[diagnostic.file] ?? diagnostic.file
                    return mapped
                }
                let inModels = diagnostics.filter { $0.file != mainFile.path && $0.severity == .error }
                if !inModels.isEmpty { throw .doesNotCompile(inModels) }
                if let inMain = diagnostics.first(where: { $0.file == mainFile.path && $0.severity == .error }) {
                    throw .badExpression(inMain.message)
                }
                throw .compilerFailed(result.text)
            }
            try BuildRecord.install(output, at: executable, record: record, links: linked?.links)
        }
        return Built(executable: executable, compiled: true, rebuiltBecause: cached.rebuiltBecause)
    }

    /// The path swiftc is given for each model, and the user's path: a copy of the model's text (the
    /// text the runner's key was made of) in the build's folder, under the model's own file name
    /// (what `#fileID` and a trap's message show), a model not named `.swift` (`Models.txt`, as schema
    /// mode accepts) under its name with `.swift`, since swiftc reads only those as Swift. The copies
    /// are rewritten only when their text changed, so an incremental build sees the others unchanged.
    static func swiftNamed(
        _ models: [ModelSource], in build: IncrementalBuild
    ) throws(CompiledDecoder.Failure) -> [(
        model: String, given: String
    )] {
        var named: [(model: String, given: String)] = []
        for (k, model) in models.enumerated() {
            let file = URL(fileURLWithPath: model.path)
            let name = file.pathExtension == "swift" ? file.lastPathComponent : file.deletingPathExtension().lastPathComponent + ".swift"
            named.append((try build.file("models/\(k)/\(name)", text: model.text).path, model.path))
        }
        return named
    }
}

import Foundation
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

    /// The optimisation of the user's files: `-Onone`, for the first verdict as soon as swiftc allows
    /// (DECISIONS.md, "Compiled mode builds the user's files with -Onone").
    static let modelFlags = ["-parse-as-library", "-module-name", "Models", "-Onone", "-suppress-warnings"]

    /// The runner for these inputs: from the cache when trusted, or compiled now; `willCompile` is
    /// called just before swiftc starts.
    func runner(
        compiler: SwiftCompiler, models: [ModelSource], typeExpressions: [String],
        decoderExpression: String?, willCompile: () -> Void = {}
    ) throws(CompiledDecoder.Failure) -> Built {
        do { try PrivateFolder.ensure(folder) } catch { throw .cacheUnsafe(error.description) }
        let main = RunnerMain.text(typeExpressions: typeExpressions, decoderExpression: decoderExpression)
        let library = RunnerLibrary(folder: folder, compiler: compiler)
        var parts = [library.key, compiler.executable.path, compiler.version, main] + Self.modelFlags
        for model in models.sorted(by: { $0.path < $1.path }) { parts += [model.path, model.text] }
        let key = Self.key(parts)
        let executable = folder.appendingPathComponent("runner-\(key)")
        let record = BuildRecord.file(for: executable)
        var rebuiltBecause: String?
        switch BuildRecord.check(executable) {
        case .trusted: return Built(executable: executable, compiled: false)
        case .missing: break
        case .untrusted(let why): rebuiltBecause = why
        }
        willCompile()
        let libraryFolder = try library.built()
        let work = try BuildFolder(in: folder)
        defer { work.remove() }
        let mainFile = work.url.appendingPathComponent("CodableExplorerMain.swift")
        let output = work.url.appendingPathComponent("runner")
        do { try Data(main.utf8).write(to: mainFile) } catch { throw .cacheUnwritable(folder.path, String(describing: error)) }
        let arguments =
            Self.modelFlags + ["-I", libraryFolder.path, "-L", libraryFolder.path, "-l\(RunnerLibrary.moduleName)"]
            + models.map(\.path) + [mainFile.path, "-o", output.path]
        let result = try compiler.run(arguments, in: work.url)
        guard result.status == 0 else {
            let diagnostics = CompilerDiagnostic.parse(result.text)
            let inModels = diagnostics.filter { $0.file != mainFile.path && $0.severity == "error" }
            if !inModels.isEmpty { throw .doesNotCompile(inModels) }
            if let inMain = diagnostics.first(where: { $0.file == mainFile.path && $0.severity == "error" }) {
                throw .badExpression(inMain.message)
            }
            throw .compilerFailed(result.text)
        }
        try BuildRecord.install(output, at: executable, record: record)
        return Built(executable: executable, compiled: true, rebuiltBecause: rebuiltBecause)
    }
}

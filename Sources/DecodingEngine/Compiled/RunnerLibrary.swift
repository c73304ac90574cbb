import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runner's machinery (the channel, the key-path walk, the tracing decoder, the value mirror):
/// the `CodableExplorerRunner` target's own source, embedded in this tool at build time
/// (``RunnerLibrarySource``, by the EmbedRunnerSource plugin) and built by the user's swiftc, with
/// `-O`, once per toolchain, into the cache as a static library and its module; or copied into the
/// cache from where `install` put it beside the binary (``ShippedRunnerLibrary``); or, when the tool's
/// build folder is at hand and that build made the same library, installed from there
/// (``RunnerLibrarySeed``). A model compile is then only the user's files and a generated `main`
/// (``RunnerMain``).
struct RunnerLibrary {
    static let moduleName = "CodableExplorerRunner"
    static let flags = ["-parse-as-library", "-module-name", moduleName, "-O", "-suppress-warnings", "-static", "-emit-library"]

    let folder: URL
    let compiler: SwiftCompiler
    /// Where the tool's own build may have made the library already (``RunnerLibrarySeed``);
    /// none: always build it.
    var seedFolders: [URL] = RunnerLibrarySeed.toolBuildFolders()
    /// Where `install` may have put the library beside this binary (``ShippedRunnerLibrary``); nil:
    /// look nowhere.
    var shelf: URL? = ShippedRunnerLibrary.shelf()

    /// Names the library by its source, the compiler and the flags.
    var key: String {
        RunnerCache.key([compiler.executable.path, compiler.version] + Self.flags + [Self.sourceKey])
    }

    /// Names the embedded source alone (a library `install` shelved says which source it is).
    static let sourceKey = RunnerCache.key(RunnerLibrarySource.files.flatMap { [$0.name, $0.text] })

    var installed: URL { folder.appendingPathComponent("lib-\(key)") }
    private var archiveName: String { Self.fileNames[0] }
    private var moduleFile: String { Self.fileNames[1] }
    /// The static library and its module, the files of a built library.
    static let fileNames = ["lib\(moduleName).a", "\(moduleName).swiftmodule"]

    /// The folder holding the library and its module, built now if it is not in the cache (or not
    /// trusted: then built again).
    func built() throws(CompiledDecoder.Failure) -> URL {
        let target = installed
        if isTrusted(target) { return target }
        // One build at a time: the others wait for it and use what it installed.
        let lock = FileLock(folder.appendingPathComponent("lib.lock"))
        defer { lock.release() }
        if isTrusted(target) { return target }
        let work = try BuildFolder(in: folder)
        defer { work.remove() }
        let product = work.url.appendingPathComponent("lib")
        do {
            try FileManager.default.createDirectory(
                at: product, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cacheUnwritable(work.url.path, String(describing: error))
        }
        let archive = product.appendingPathComponent(archiveName), module = product.appendingPathComponent(moduleFile)
        var seeded = shipped?.fill(into: product) ?? false
        if !seeded {
            for file in [archive, module] { try? FileManager.default.removeItem(at: file) }
            seeded = seed?.fill(archive: archive, moduleFile: module, compiler: compiler, work: work.url) ?? false
        }
        if !seeded {
            // What a seed that failed half-way left goes; the compile writes both files anew.
            for file in [archive, module] { try? FileManager.default.removeItem(at: file) }
            try compile(into: product, in: work.url)
        }
        for name in [archiveName, moduleFile] {
            let file = product.appendingPathComponent(name)
            try BuildRecord.install(file, at: file, record: BuildRecord.file(for: file))
        }
        // Into place whole; a concurrent build that got there first is as good.
        if isTrusted(target) { return target }
        try? FileManager.default.removeItem(at: target)
        guard rename(product.path, target.path) == 0 || isTrusted(target) else {
            throw .cacheUnwritable(target.path, String(cString: strerror(errno)))
        }
        return target
    }

    /// Builds the library from the embedded source with the user's swiftc into `product`.
    private func compile(into product: URL, in work: URL) throws(CompiledDecoder.Failure) {
        let sources = work.appendingPathComponent("Sources")
        do {
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: false)
            for file in RunnerLibrarySource.files {
                try Data(file.text.utf8).write(to: sources.appendingPathComponent(file.name))
            }
        } catch {
            throw .cacheUnwritable(work.path, String(describing: error))
        }
        let arguments =
            Self.flags + ["-emit-module", "-emit-module-path", product.appendingPathComponent(moduleFile).path]
            + RunnerLibrarySource.files.map { sources.appendingPathComponent($0.name).path }
            + ["-o", product.appendingPathComponent(archiveName).path]
        let result = try compiler.run(arguments, in: work)
        guard result.status == 0 else { throw .compilerFailed("the runner library did not build: \(result.text)") }
    }

    /// The tool's own build of the library, when it is there and is this one (``RunnerLibrarySeed``).
    var seed: RunnerLibrarySeed? { RunnerLibrarySeed.find(inAny: seedFolders, compiler: compiler) }

    /// Whether the library is in the cache, trusted, so that a runner build only links against it.
    var isBuilt: Bool { isTrusted(installed) }

    /// The library `install` put beside this binary, when it is this one (same key).
    var shipped: ShippedRunnerLibrary? { ShippedRunnerLibrary.find(key: key, on: shelf) }

    /// Whether a runner build must compile the library first (not in the cache, not beside the
    /// binary, and no seed): the longest wait a user meets, said while it runs (``CompileStart``).
    var needsCompile: Bool { !isBuilt && shipped == nil && seed == nil }

    private func isTrusted(_ folder: URL) -> Bool {
        (try? PrivateFolder.check(folder)) != nil
            && [archiveName, moduleFile].allSatisfy { BuildRecord.check(folder.appendingPathComponent($0)) == .trusted }
    }
}

/// The generated part of a runner: a `main` of a few lines that names the type expressions (a job
/// picks one by position) and the app's decoder expression, compiled with the user's files.
enum RunnerMain {
    /// The module of a package target's runner `main`, which imports the target.
    static let packageModuleName = "CodableExplorerMain"

    /// `imports`: a package target's modules, the target's own first (imported `@testable`: its
    /// debug build is testable, so internal types and the app's decoder function are in reach).
    /// `spis`: the SPIs each of them is imported with (`@_spi(NAME)`; a module without it ignores it).
    static func text(typeExpressions: [String], decoderExpression: String?, imports: [String] = [], spis: [String] = []) -> String {
        let module = RunnerLibrary.moduleName
        let spi = spis.map { "@_spi(\($0)) " }.joined()
        let imported = imports.enumerated().map { k, name in spi + (k == 0 ? "@testable import \(name)\n" : "import \(name)\n") }.joined()
        let types = typeExpressions.map { "            \(module).Decodes<\($0)>()," }.joined(separator: "\n")
        let decoder = decoderExpression.map { "{ _ in (\($0)) as JSONDecoder }" } ?? "nil"
        return """
            // Generated by codable-explorer (compiled mode). Not part of your app.
            \(imported)import \(module)
            import Foundation

            @main enum __CodableExplorerMain {
                static func main() {
                    \(module).Runner.main(
                        types: [
            \(types)
                        ],
                        decoder: \(decoder))
                }
            }

            """
    }
}

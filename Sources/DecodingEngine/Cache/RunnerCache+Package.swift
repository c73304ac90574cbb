import Foundation

extension RunnerCache {
    /// The runner for a package target: a generated `main` in a module of its own, importing the
    /// target (testable, with the package's name) and linked against its objects as SwiftPM built
    /// them. Keyed by the objects' names, sizes and times: a rebuild of any of them links again.
    func runner(
        compiler: SwiftCompiler, package built: PackageBuild.Built, typeExpressions: [String],
        decoderExpression: String?, willCompile: () -> Void = {}
    ) throws(CompiledDecoder.Failure) -> Built {
        do { try PrivateFolder.ensure(folder) } catch { throw .cacheUnsafe(error.description) }
        let main = RunnerMain.text(typeExpressions: typeExpressions, decoderExpression: decoderExpression, imports: built.imports)
        let library = RunnerLibrary(folder: folder, compiler: compiler)
        var flags = ["-parse-as-library", "-module-name", RunnerMain.packageModuleName, "-Onone", "-suppress-warnings"]
        if let name = built.packageName { flags += ["-package-name", name] }
        flags += ["-I", built.modules.path] + built.flags
        var parts = [library.key, compiler.executable.path, compiler.version, main] + flags
        for object in built.objects {
            let attributes = try? FileManager.default.attributesOfItem(atPath: object)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            parts += [object, "\(size)", "\(time)"]
        }
        let executable = folder.appendingPathComponent("runner-\(Self.key(parts))")
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
            flags + ["-I", libraryFolder.path, "-L", libraryFolder.path, "-l\(RunnerLibrary.moduleName)", mainFile.path]
            + built.objects + ["-o", output.path]
        let result = try compiler.run(arguments, in: work.url)
        guard result.status == 0 else {
            let diagnostics = CompilerDiagnostic.parse(result.text).filter { $0.severity == "error" }
            if let inMain = diagnostics.first(where: { $0.file == mainFile.path }) { throw .badExpression(inMain.message) }
            throw .compilerFailed(result.text)
        }
        try BuildRecord.install(output, at: executable, record: BuildRecord.file(for: executable))
        return Built(executable: executable, compiled: true, rebuiltBecause: rebuiltBecause)
    }
}

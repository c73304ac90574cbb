import Foundation
import JSONTree
import ModelSchema

extension RunnerCache {
    /// The runner for a package target: a generated `main` in a module of its own, importing the
    /// target (testable, with the package's name) and linked against its objects as SwiftPM built
    /// them. Keyed by the objects' names, sizes and times: a rebuild of any of them links again.
    /// `overlay`: the target's sources as a fix edits them; the target is then compiled from them
    /// (with its own flags, against its dependencies as built) in place of SwiftPM's objects.
    /// `spis`: the SPIs the `main` imports the package's modules with.
    func runner(
        compiler: SwiftCompiler, package built: PackageBuild.Built, overlay: [ModelSource]? = nil, typeExpressions: [String],
        decoderExpression: String?, spis: [String] = [], willCompile: (_ buildsLibrary: Bool) -> Void = { _ in }
    ) throws(CompiledDecoder.Failure) -> Built {
        do { try PrivateFolder.ensure(folder) } catch { throw .cacheUnsafe(error.description) }
        let main = RunnerMain.text(
            typeExpressions: typeExpressions, decoderExpression: decoderExpression, imports: built.imports, spis: spis)
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
        for source in overlay ?? [] { parts += [source.path, source.text] }
        let executable = folder.appendingPathComponent(Self.runnerPrefix + Self.key(parts))
        let cached = Self.cached(executable)
        if case .reuse(let built) = cached { return built }
        willCompile(library.needsCompile)
        let libraryFolder = try library.built()
        let work = try BuildFolder(in: folder)
        defer { work.remove() }
        let mainFile = work.url.appendingPathComponent("CodableExplorerMain.swift")
        let output = work.url.appendingPathComponent("runner")
        do { try Data(main.utf8).write(to: mainFile) } catch { throw .cacheUnwritable(folder.path, String(describing: error)) }
        var objects = built.objects
        if let overlay {
            let edited = try Self.compileEdited(built, overlay: overlay, compiler: compiler, in: work.url)
            objects = objects.filter { !built.ownObjects.contains($0) } + [edited.library]
            flags = ["-I", edited.modules] + flags
        }
        let arguments =
            flags + ["-I", libraryFolder.path, "-L", libraryFolder.path, "-l\(RunnerLibrary.moduleName)", mainFile.path]
            + objects + ["-o", output.path]
        let result = try compiler.run(arguments, in: work.url)
        guard result.status == 0 else {
            let diagnostics = SourceDiagnostic.compilerDiagnostics(in: result.text).filter { $0.severity == .error }
            if let inMain = diagnostics.first(where: { $0.file == mainFile.path }) {
                if let hidden = Self.behindSPI(typeExpressions, in: built, importing: spis) { throw hidden }
                throw .badExpression(inMain.message)
            }
            throw .compilerFailed(result.text)
        }
        try BuildRecord.install(output, at: executable, record: BuildRecord.file(for: executable))
        return Built(executable: executable, compiled: true, rebuiltBecause: cached.rebuiltBecause)
    }

    /// Why a type expression the runner's `main` could not compile names no type it reaches: a type
    /// of the package's modules declared behind an SPI that is not among `spis`.
    private static func behindSPI(
        _ typeExpressions: [String], in built: PackageBuild.Built, importing spis: [String]
    ) -> CompiledDecoder.Failure? {
        for module in built.imports {
            let sources = (built.sources[module] ?? []).compactMap { path in
                (try? String(contentsOfFile: path, encoding: .utf8)).map { ModelSource(path: path, text: $0) }
            }
            for declaration in SPIDeclaration.all(in: sources) where !spis.contains(declaration.spi) {
                if let expression = typeExpressions.first(where: declaration.isNamed(in:)) {
                    return .behindSPI(type: expression, spi: declaration.spi, module: module)
                }
            }
        }
        return nil
    }

    /// The package target compiled from a fix's edit of its sources, into `work`: its module
    /// (found before SwiftPM's) and a static library in place of its objects.
    private static func compileEdited(
        _ built: PackageBuild.Built, overlay: [ModelSource], compiler: SwiftCompiler, in work: URL
    ) throws(CompiledDecoder.Failure) -> (modules: String, library: String) {
        let modules = work.appendingPathComponent("edited-modules")
        let sourcesFolder = work.appendingPathComponent("edited-sources")
        let library = work.appendingPathComponent("libEditedTarget.a")
        var sources: [String] = []
        do {
            try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
            for (position, path) in built.ownSources.enumerated() {
                guard let edited = overlay.first(where: { $0.path == path }) else {
                    sources.append(path)
                    continue
                }
                let copy = sourcesFolder.appendingPathComponent("\(position)/" + (path as NSString).lastPathComponent)
                try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(edited.text.utf8).write(to: copy)
                sources.append(copy.path)
            }
        } catch {
            throw .cacheUnwritable(work.path, String(describing: error))
        }
        guard let module = built.imports.first else { throw .compilerFailed("the package target has no Swift module") }
        let arguments =
            built.ownFlags + [
                "-module-name", module, "-I", built.modules.path, "-emit-module", "-emit-module-path",
                modules.appendingPathComponent("\(module).swiftmodule").path, "-static", "-emit-library", "-o", library.path,
            ] + sources
        let result = try compiler.run(arguments, in: work)
        guard result.status == 0 else {
            let errors = SourceDiagnostic.compilerDiagnostics(in: result.text).filter { $0.severity == .error }
            if !errors.isEmpty { throw .doesNotCompile(errors) }
            throw .compilerFailed(result.text)
        }
        return (modules.path, library.path)
    }
}

import Foundation
import ModelSchema

/// Compiled runners, kept under the user's cache folder (never in their project) by the content of what
/// went into them: the model files, the type and decoder expressions, the runner text and the toolchain.
struct RunnerCache {
    let folder: URL

    /// `$XDG_CACHE_HOME/codable-explorer/runners`, else `~/Library/Caches/…` on macOS or `~/.cache/…`.
    static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("codable-explorer/runners")
        }
        let home = FileManager.default.homeDirectoryForCurrentUser
        #if os(macOS)
        return home.appendingPathComponent("Library/Caches/codable-explorer/runners")
        #else
        return home.appendingPathComponent(".cache/codable-explorer/runners")
        #endif
    }

    /// A 128-bit content key: two FNV-1a hashes with different offsets over length-prefixed parts.
    static func key(_ parts: [String]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x6c62_272e_07bb_0142
        func feed(_ byte: UInt8) {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b ^ UInt64(byte)) &* 0x100_0000_01b3 ^ (b >> 29)
        }
        for part in parts {
            for byte in withUnsafeBytes(of: UInt64(part.utf8.count).littleEndian, Array.init) { feed(byte) }
            for byte in part.utf8 { feed(byte) }
        }
        return String(format: "%016llx%016llx", a, b)
    }

    /// The runner for these inputs: from the cache, or compiled now (`compiled` says which);
    /// `willCompile` is called just before swiftc starts.
    func runner(
        compiler: SwiftCompiler, models: [ModelSource], typeExpressions: [String],
        decoderExpression: String?, willCompile: () -> Void = {}
    ) throws(CompiledDecoder.Failure) -> (executable: URL, compiled: Bool) {
        let source = RunnerSource.text(typeExpressions: typeExpressions, decoderExpression: decoderExpression)
        let flags = ["-parse-as-library", "-module-name", "Models", "-O", "-suppress-warnings"]
        var parts = [String(RunnerSource.version), compiler.executable.path, compiler.version, source] + flags
        for model in models.sorted(by: { $0.path < $1.path }) { parts += [model.path, model.text] }
        let key = Self.key(parts)
        let executable = folder.appendingPathComponent(key)
        if FileManager.default.isExecutableFile(atPath: executable.path) { return (executable, false) }
        willCompile()

        let work = folder.appendingPathComponent("\(key).build.\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let runnerFile = work.appendingPathComponent("CodableExplorerRunner.swift")
        let output = work.appendingPathComponent("runner")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: runnerFile)
        } catch {
            throw .cacheUnwritable(folder.path, String(describing: error))
        }
        // swiftc reads only `.swift` files as Swift: a model named otherwise (`Models.txt`, as schema
        // mode accepts) is compiled from a copy, and its diagnostics are given back its own path.
        let compiled: [(model: String, given: String)]
        do { compiled = try Self.swiftNamed(models, in: work) } catch {
            throw .cacheUnwritable(work.path, String(describing: error))
        }
        let arguments = flags + compiled.map(\.model) + [runnerFile.path, "-o", output.path]
        let result: ChildProcess.Result
        do { result = try ChildProcess.run(compiler.executable, arguments) } catch {
            throw .compilerFailed(String(describing: error))
        }
        guard result.status == 0 else {
            let given = Dictionary(compiled.map { ($0.model, $0.given) }, uniquingKeysWith: { first, _ in first })
            let diagnostics = CompilerDiagnostic.parse(result.stderr + result.stdout).map { diagnostic in
                var mapped = diagnostic
                mapped.file = given[diagnostic.file] ?? diagnostic.file
                return mapped
            }
            let inModels = diagnostics.filter { $0.file != runnerFile.path && $0.severity == "error" }
            if !inModels.isEmpty { throw .doesNotCompile(inModels) }
            if let inRunner = diagnostics.first(where: { $0.file == runnerFile.path && $0.severity == "error" }) {
                throw .badExpression(inRunner.message)
            }
            throw .compilerFailed(result.stderr.isEmpty ? result.stdout : result.stderr)
        }
        // Renamed into place whole, so a runner in the cache is never half written.
        if rename(output.path, executable.path) != 0 {
            throw .cacheUnwritable(executable.path, String(cString: strerror(errno)))
        }
        return (executable, true)
    }

    /// The path swiftc is given for each model, and the user's path: the model's own when it ends
    /// in `.swift`, else a copy of its text under a `.swift` name in a private folder (`mkdtemp`,
    /// 0700) inside `work`.
    static func swiftNamed(_ models: [ModelSource], in work: URL) throws -> [(model: String, given: String)] {
        guard models.contains(where: { !$0.path.hasSuffix(".swift") }) else { return models.map { ($0.path, $0.path) } }
        var template = Array((work.path + "/models-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        let folder = URL(fileURLWithPath: String(cString: made))
        return try models.enumerated().map { k, model in
            guard !model.path.hasSuffix(".swift") else { return (model.path, model.path) }
            let name = URL(fileURLWithPath: model.path).deletingPathExtension().lastPathComponent
            let copy = folder.appendingPathComponent("\(k)-\(name).swift")
            try Data(model.text.utf8).write(to: copy)
            return (copy.path, model.path)
        }
    }
}

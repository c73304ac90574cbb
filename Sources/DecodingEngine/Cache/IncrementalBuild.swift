import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The build folder of one set of model files, kept in the private cache between builds: swiftc's
/// incremental state (each file's object and dependencies, the driver's record of the last build),
/// so that after an edit of one file swiftc recompiles what the edit touches and links again,
/// instead of compiling every file.
///
/// It is named by what stays the same across edits: the files' paths, the flags, the runner
/// library and the compiler; never by the files' text. What it links is still only a candidate:
/// the runner is installed in the cache by its content with its record (``BuildRecord``), which
/// guards every run as before.
struct IncrementalBuild {
    let folder: URL
    let compiler: SwiftCompiler

    /// The folder for these inputs under `cache`, made (0700) if it is missing.
    init(cache: URL, compiler: SwiftCompiler, identity: [String]) throws(CompiledDecoder.Failure) {
        self.compiler = compiler
        folder = cache.appendingPathComponent("incremental").appendingPathComponent(RunnerCache.key(identity))
        do { try PrivateFolder.ensure(folder) } catch { throw .cacheUnsafe(error.description) }
    }

    /// Where a generated file (the main, the copy of a model file) is written: the same place each
    /// build, and written only when its text changed, so swiftc sees it unchanged.
    /// `name` may name a folder inside the build's (`models/0/User.swift`): it is made (0700).
    func file(_ name: String, text: String) throws(CompiledDecoder.Failure) -> URL {
        let url = folder.appendingPathComponent(name)
        let data = Data(text.utf8)
        if PrivateFolder.isTrustedFile(url), (try? Data(contentsOf: url)) == data { return url }
        do { try PrivateFolder.ensure(url.deletingLastPathComponent()) } catch { throw .cacheUnsafe(error.description) }
        do { try data.write(to: url, options: .atomic) } catch { throw .cacheUnwritable(url.path, String(describing: error)) }
        // swiftc's driver decides what changed by times it keeps to about a second: a file written
        // again within a second of the last build is taken as unchanged, and the last build's object
        // (another type's main, the model before the save) would be linked. Without its object, the
        // file is compiled again, and what depends on it follows from its new dependencies.
        unlink(object(of: url.path).path)
        return url
    }

    /// Runs `body` as the one build using the folder: the others wait (the generated files, the
    /// objects and the linked runner are the folder's, until the runner is installed).
    func locked<T>(_ body: () throws(CompiledDecoder.Failure) -> T) throws(CompiledDecoder.Failure) -> T {
        let lockFile = open(folder.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if lockFile >= 0 {
            while flock(lockFile, LOCK_EX) != 0 && errno == EINTR {}
        }
        defer { if lockFile >= 0 { close(lockFile) } }
        return try body()
    }

    /// Compiles `sources` with `flags` into an executable, incrementally (inside ``locked(_:)``),
    /// and gives its path with swiftc's result. A failure that no source caused (an object or a
    /// record left unusable by a killed build) is built once more from nothing.
    func build(flags: [String], sources: [String]) throws(CompiledDecoder.Failure) -> (output: URL, result: SwiftCompiler.Result) {
        let output = folder.appendingPathComponent("runner")
        let map = try writeOutputFileMap(sources)
        // Batch mode: one frontend a core, each compiling its share of the files after one type
        // check, instead of one frontend a file that each type-checks every file again (20 model
        // files: 1.8-2.2 s against 3.9 s; DECISIONS.md, "swiftc runs one job a core").
        let arguments =
            flags + ["-incremental", "-enable-incremental-file-hashing", "-enable-batch-mode", "-output-file-map", map.path] + sources
            + ["-o", output.path]
        let result = try compiler.run(arguments, in: folder)
        guard result.status != 0, CompilerDiagnostic.parse(result.text).allSatisfy({ !sources.contains($0.file) }) else {
            return (output, result)
        }
        clear()
        _ = try writeOutputFileMap(sources)
        return (output, try compiler.run(arguments, in: folder))
    }

    /// Each source's object and dependencies, named by its path (an index would hand one file's
    /// object to another when the order changes).
    private func writeOutputFileMap(_ sources: [String]) throws(CompiledDecoder.Failure) -> URL {
        do { try PrivateFolder.ensure(state) } catch { throw .cacheUnsafe(error.description) }
        var map: [String: [String: String]] = ["": ["swift-dependencies": state.appendingPathComponent("module.swiftdeps").path]]
        for source in sources {
            let object = object(of: source).path
            map[source] = ["object": object, "swift-dependencies": String(object.dropLast(2)) + ".swiftdeps"]
        }
        let text: String
        do { text = String(decoding: try JSONSerialization.data(withJSONObject: map, options: [.sortedKeys]), as: UTF8.self) } catch {
            throw .cacheUnwritable(folder.path, String(describing: error))
        }
        return try file("output-file-map.json", text: text)
    }

    /// Where swiftc keeps the object of `source` (named by its path).
    private func object(of source: String) -> URL {
        state.appendingPathComponent("file-\(RunnerCache.key([source])).o")
    }

    /// Where swiftc keeps its objects and dependencies.
    private var state: URL { folder.appendingPathComponent("state") }

    /// Everything swiftc kept, for a build from nothing.
    private func clear() {
        try? FileManager.default.removeItem(at: state)
    }
}

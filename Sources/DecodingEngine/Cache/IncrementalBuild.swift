import Foundation
import JSONTree

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
///
/// What swiftc kept (`state/`: the objects it links again unchanged, their dependencies, the
/// driver's record) is covered by a record too (``stateRecord``): written after each compile, and
/// checked before the next; a file there that the record does not name, or that differs from it,
/// and the state is cleared (built from nothing), so an object planted or changed between builds
/// is never linked into a runner.
struct IncrementalBuild {
    let folder: URL
    let compiler: SwiftCompiler

    /// The folder for these inputs under `cache`, made (0700) if it is missing.
    init(cache: URL, compiler: SwiftCompiler, identity: [String]) throws(CompiledDecoder.Failure) {
        self.compiler = compiler
        self.cache = cache
        folder = cache.appendingPathComponent("incremental").appendingPathComponent(RunnerCache.key(identity))
        do { try PrivateFolder.ensure(folder, root: cache) } catch { throw .cacheUnsafe(error.description) }
    }

    /// The runner cache the folder is in (where its private path starts, ``PrivateFolder/ensure(_:root:)``).
    let cache: URL

    /// Where a generated file (the main, the copy of a model file) is written: the same place each
    /// build, and written only when its text changed, so swiftc sees it unchanged.
    /// `name` may name a folder inside the build's (`models/0/User.swift`): it is made (0700).
    func file(_ name: String, text: String) throws(CompiledDecoder.Failure) -> URL {
        let url = folder.appendingPathComponent(name)
        let data = Data(text.utf8)
        if PrivateFolder.isTrustedFile(url), (try? Data(contentsOf: url)) == data { return url }
        do { try PrivateFolder.ensure(url.deletingLastPathComponent(), root: cache) } catch { throw .cacheUnsafe(error.description) }
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
        let lock = FileLock(folder.appendingPathComponent("lock"))
        defer { lock.release() }
        return try body()
    }

    /// Compiles `sources` with `flags` into an executable, incrementally (inside ``locked(_:)``),
    /// and gives its path with swiftc's result, and the shared base it links if it does. A failure that
    /// no source caused (an object or a record left unusable by a killed build) is built once more from
    /// nothing. With a `base` (``RunnerBase``, given once swiftc has compiled: it may be built meanwhile),
    /// swiftc compiles only and the objects are linked to the base; objects that need what the base
    /// does not hold, or a base that could not be built, are linked by swiftc with `linkFlags`.
    func build(
        flags: [String], linkFlags: [String] = [], sources: [String], base: (() -> RunnerBase?)? = nil
    ) throws(CompiledDecoder.Failure) -> (output: URL, result: SwiftCompiler.Result, base: RunnerBase?) {
        let output = folder.appendingPathComponent("runner")
        if !stateIsRecorded() { clear() }
        // Gone while swiftc writes: a build cut short leaves a state no record covers, cleared next time.
        unlink(stateRecord.path)
        let map = try writeOutputFileMap(sources)
        // Batch mode: one frontend a core, each compiling its share of the files after one type
        // check, instead of one frontend a file that each type-checks every file again (20 model
        // files: 1.8-2.2 s against 3.9 s; DECISIONS.md, "swiftc runs one job a core").
        let compiles =
            flags + ["-incremental", "-enable-incremental-file-hashing", "-enable-batch-mode", "-output-file-map", map.path] + sources
        let links = compiles + linkFlags + ["-o", output.path]
        let arguments = base == nil ? links : compiles + ["-c"]
        var result = try compiler.run(arguments, in: folder)
        if result.status != 0, SourceDiagnostic.compilerDiagnostics(in: result.text).allSatisfy({ !sources.contains($0.file) }) {
            clear()
            _ = try writeOutputFileMap(sources)
            result = try compiler.run(arguments, in: folder)
        }
        recordState()
        let linking = base?()
        guard result.status == 0, base != nil else { return (output, result, nil) }
        if let linking, linking.link(sources.map { object(of: $0).path }, into: output, in: folder) { return (output, result, linking) }
        // What the base does not hold (another of the toolchain's libraries): linked as before.
        let linked = try compiler.run(links, in: folder)
        recordState()
        return (output, linked, nil)
    }

    /// The size and hash of each file in ``state`` after the last compile (whatever its outcome:
    /// what swiftc wrote is the tool's own), by name.
    var stateRecord: URL { folder.appendingPathComponent("state.record") }

    /// Whether every file in ``state`` is one the record names, as it was recorded (a file the
    /// record names may be gone: ``file(_:text:)`` removes the object of a rewritten file). It is
    /// not when the record is missing or not a trusted file, or the state holds a link or a folder.
    func stateIsRecorded() -> Bool {
        let opened: OpenedFile
        do { opened = try OpenedFile(state.path) } catch { return error.code == ENOENT }
        guard (opened.info.st_mode & S_IFMT) == S_IFDIR, opened.info.st_uid == geteuid(),
            let names = PrivateFolder.entryNames(of: opened.descriptor)
        else { return false }
        if names.isEmpty { return true }
        guard let data = PrivateFolder.trustedContents(of: stateRecord),
            let recorded = try? JSONDecoder().decode([String: BuildRecord].self, from: data)
        else { return false }
        let descriptor = opened.descriptor
        for name in names {
            guard let expected = recorded[name], let file = try? OpenedFile(name, in: descriptor), file.isTrusted,
                file.record(scheme: expected.scheme) == expected
            else { return false }
        }
        return true
    }

    /// Records every file in ``state`` as it is now (written whole, 0600); anything there that is
    /// not the user's own regular file, and no record is written (the next build clears the state).
    private func recordState() {
        guard let opened = try? OpenedFile(state.path), (opened.info.st_mode & S_IFMT) == S_IFDIR,
            let names = PrivateFolder.entryNames(of: opened.descriptor)
        else { return }
        var recorded: [String: BuildRecord] = [:]
        for name in names {
            guard let file = try? OpenedFile(name, in: opened.descriptor), file.isTrusted, let record = file.record() else { return }
            recorded[name] = record
        }
        guard let data = try? JSONEncoder().encode(recorded) else { return }
        PrivateFolder.writeWhole(data, to: stateRecord)
    }

    /// Each source's object and dependencies, named by its path (an index would hand one file's
    /// object to another when the order changes).
    private func writeOutputFileMap(_ sources: [String]) throws(CompiledDecoder.Failure) -> URL {
        do { try PrivateFolder.ensure(state, root: cache) } catch { throw .cacheUnsafe(error.description) }
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
    var state: URL { folder.appendingPathComponent("state") }

    /// Everything swiftc kept, for a build from nothing.
    private func clear() {
        try? FileManager.default.removeItem(at: state)
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `codable-explorer install`'s second half: the runner library, built for the user's swiftc (or
/// taken from the tool's build, ``RunnerLibrarySeed``), put on the shelf under the install's prefix
/// (``ShippedRunnerLibrary``), where the installed binary finds it after its build folder is gone.
public enum RunnerLibraryShelf {
    /// What was put on the shelf.
    public struct Shelved: Equatable, Sendable {
        /// The library's folder: `PREFIX/lib/codable-explorer/lib-KEY`.
        public var folder: URL
        /// The swiftc it is for, and that compiler's version line.
        public var compiler: String
        public var compilerVersion: String
        /// The library had to be compiled (it was not in the cache and the tool's build had none).
        public var compiled: Bool
    }

    /// Builds (or finds) the library in the user's cache and copies it to the shelf under `prefix`:
    /// into a folder of its own, renamed into place, so a binary starting meanwhile never finds half
    /// a library (what was there under the key is kept if it is these files, else replaced); the
    /// libraries of other sources go (``removeOtherSources(on:keeping:)``). Folders
    /// are made 0755 and files 0644 whatever the umask, as the installed binary trusts only a shelf
    /// that no one but its owner can write. `willCompile` is called before the library is compiled,
    /// when it must be (the longest wait: said while it runs).
    public static func shelve(
        underPrefix prefix: URL, cacheFolder: URL? = nil, willCompile: () -> Void = {}
    ) throws(CompiledDecoder.Failure) -> Shelved {
        let cache = cacheFolder ?? RunnerCache.defaultFolder()
        do { try PrivateFolder.ensure(cache) } catch { throw .cacheUnsafe(error.description) }
        guard let compiler = SwiftCompiler.find(cache: cache) else { throw .compilerNotFound }
        let library = RunnerLibrary(folder: cache, compiler: compiler)
        let compiled = library.needsCompile
        if compiled { willCompile() }
        let built = try library.built()
        let shelf = ShippedRunnerLibrary.shelf(underPrefix: prefix)
        let target = shelf.appendingPathComponent(built.lastPathComponent, isDirectory: true)
        let version = compiler.version.split(separator: "\n").first.map(String.init) ?? compiler.version
        do {
            for folder in [prefix, shelf.deletingLastPathComponent(), shelf] where !FileManager.default.fileExists(atPath: folder.path) {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                guard chmod(folder.path, 0o755) == 0 else { throw POSIXFailure(path: folder.path) }
            }
            // A trusted folder of this key holding these very files stays: the key names the source and
            // the compiler, so an install run again for the same toolchain changes nothing.
            let kept =
                ShippedRunnerLibrary.find(key: library.key, on: shelf) != nil
                && RunnerLibrary.fileNames.allSatisfy { name in
                    BuildRecord.of(built.appendingPathComponent(name)).map { $0 == BuildRecord.of(target.appendingPathComponent(name)) }
                        ?? false
                }
            if !kept {
                let staging = shelf.appendingPathComponent(".\(built.lastPathComponent).\(getpid())", isDirectory: true)
                try? FileManager.default.removeItem(at: staging)
                try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
                defer { try? FileManager.default.removeItem(at: staging) }
                guard chmod(staging.path, 0o755) == 0 else { throw POSIXFailure(path: staging.path) }
                for name in RunnerLibrary.fileNames {
                    let copy = staging.appendingPathComponent(name)
                    try FileManager.default.copyItem(at: built.appendingPathComponent(name), to: copy)
                    guard chmod(copy.path, 0o644) == 0 else { throw POSIXFailure(path: copy.path) }
                }
                let source = staging.appendingPathComponent(Self.sourceFile)
                try Data(RunnerLibrary.sourceKey.utf8).write(to: source)
                guard chmod(source.path, 0o644) == 0 else { throw POSIXFailure(path: source.path) }
                // What was there is not this library (or cannot be trusted): it goes, the new one takes its name.
                let old = shelf.appendingPathComponent(".old.\(built.lastPathComponent).\(getpid())")
                if rename(target.path, old.path) != 0 && errno != ENOENT { throw POSIXFailure(path: target.path) }
                defer { try? FileManager.default.removeItem(at: old) }
                guard rename(staging.path, target.path) == 0 else { throw POSIXFailure(path: target.path) }
            }
        } catch let failure as POSIXFailure {
            throw .notShelved(failure.path, failure.reason)
        } catch {
            throw .notShelved(target.path, FileErrorReason.text(of: error))
        }
        removeOtherSources(on: shelf, keeping: target)
        guard ShippedRunnerLibrary.find(key: library.key, on: shelf) != nil else {
            throw .notShelved(
                target.path,
                "others can write to \(shelf.deletingLastPathComponent().path) or a folder in it, so the installed binary would not trust the library"
            )
        }
        return Shelved(folder: target, compiler: compiler.executable.path, compilerVersion: version, compiled: compiled)
    }

    /// Names the embedded source a shelved library was built from (``RunnerLibrary/sourceKey``).
    static let sourceFile = "source"

    /// Removes the shelf's libraries of another source than this binary's: the binary just installed
    /// replaced the one they were for. Those of this source for another swiftc stay (a toolchain the
    /// user switches back to).
    static func removeOtherSources(on shelf: URL, keeping target: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: shelf.path) else { return }
        for name in names where name.hasPrefix("lib-") && name != target.lastPathComponent {
            let folder = shelf.appendingPathComponent(name)
            let source = try? String(contentsOf: folder.appendingPathComponent(sourceFile), encoding: .utf8)
            if source != RunnerLibrary.sourceKey { try? FileManager.default.removeItem(at: folder) }
        }
    }

    /// A system call that failed, with `errno`'s words.
    private struct POSIXFailure: Error {
        var path: String
        var reason = String(cString: strerror(errno))

        init(path: String) { self.path = path }
    }
}

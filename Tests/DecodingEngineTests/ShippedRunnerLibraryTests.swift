import Foundation
import Testing

@testable import DecodingEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `install` puts the runner library beside the binary it installs (``RunnerLibraryShelf``), and an
/// installed binary whose build folder is gone takes it from there into an empty cache instead of
/// compiling it, but only the library of its own key, on a shelf no one else can write.
@Suite("The runner library installed beside the binary", .serialized)
struct ShippedRunnerLibraryTests {
    /// A prefix with the library shelved under it (from this build's seed, so no compile), and a
    /// library that looks for it as a binary in `PREFIX/bin` with an empty cache and no seed would.
    static func shelved(_ folder: URL, compiler: SwiftCompiler) throws -> (shelved: RunnerLibraryShelf.Shelved, fresh: RunnerLibrary) {
        let prefix = folder.appendingPathComponent("prefix")
        let shelved = try RunnerLibraryShelf.shelve(underPrefix: prefix, cacheFolder: folder.appendingPathComponent("install-cache"))
        let cache = folder.appendingPathComponent("user-cache")
        try PrivateFolder.ensure(cache)
        let shelf = ShippedRunnerLibrary.shelf(forExecutable: prefix.appendingPathComponent("bin/codable-explorer"))
        return (shelved, RunnerLibrary(folder: cache, compiler: compiler, seedFolders: [], shelf: shelf))
    }

    @Test("an empty cache takes the library from the shelf, byte for byte, without compiling it")
    func installedFromTheShelf() throws {
        let compiler = try RunnerLibrarySeedTests.compiler()
        let folder = try RunnerLibrarySeedTests.folder("shelf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (shelved, fresh) = try Self.shelved(folder, compiler: compiler)
        #expect(shelved.folder.lastPathComponent == fresh.installed.lastPathComponent)
        #expect(shelved.compiler == compiler.executable.path)
        #expect(!shelved.compiled, "this build's seed was there")
        #expect(fresh.shipped != nil)
        #expect(!fresh.needsCompile)
        let built = try fresh.built()
        for name in RunnerLibrary.fileNames {
            let mine = try Data(contentsOf: built.appendingPathComponent(name))
            #expect(mine == (try Data(contentsOf: shelved.folder.appendingPathComponent(name))), "\(name)")
        }
        #expect(BuildRecord.check(built.appendingPathComponent(RunnerLibrary.fileNames[0])) == .trusted)

        // Installed again: the same files stay; a damaged one is replaced by the cache's.
        let prefix = folder.appendingPathComponent("prefix"), cache = folder.appendingPathComponent("install-cache")
        let archive = shelved.folder.appendingPathComponent(RunnerLibrary.fileNames[0])
        let inode = { (try FileManager.default.attributesOfItem(atPath: archive.path)[.systemFileNumber] as? Int) ?? -1 }
        let before = try inode()
        #expect(try RunnerLibraryShelf.shelve(underPrefix: prefix, cacheFolder: cache) == shelved)
        #expect(try inode() == before)
        let handle = try FileHandle(forWritingTo: archive)
        try handle.write(contentsOf: Data("damaged".utf8))
        try handle.close()
        #expect(try RunnerLibraryShelf.shelve(underPrefix: prefix, cacheFolder: cache) == shelved)
        #expect((try Data(contentsOf: archive)) == (try Data(contentsOf: built.appendingPathComponent(RunnerLibrary.fileNames[0]))))
    }

    @Test("an install drops the shelf's libraries of another source and keeps this source's for another swiftc")
    func otherSourcesGo() throws {
        let compiler = try RunnerLibrarySeedTests.compiler()
        let folder = try RunnerLibrarySeedTests.folder("shelf-sources")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (shelved, _) = try Self.shelved(folder, compiler: compiler)
        let shelf = shelved.folder.deletingLastPathComponent()
        #expect((try String(contentsOf: shelved.folder.appendingPathComponent("source"), encoding: .utf8)) == RunnerLibrary.sourceKey)
        // As an older binary's install left it (another source), one with no word of its source, and
        // this source's library for another swiftc.
        let stale = ["lib-older": "another source", "lib-unmarked": nil, "lib-other-swiftc": RunnerLibrary.sourceKey]
        for (name, source) in stale {
            let library = shelf.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: library, withIntermediateDirectories: false)
            if let source { try Data(source.utf8).write(to: library.appendingPathComponent("source")) }
        }
        _ = try RunnerLibraryShelf.shelve(
            underPrefix: folder.appendingPathComponent("prefix"), cacheFolder: folder.appendingPathComponent("install-cache"))
        let left = try FileManager.default.contentsOfDirectory(atPath: shelf.path).sorted()
        #expect(left == [shelved.folder.lastPathComponent, "lib-other-swiftc"].sorted())
    }

    @Test("a shelf others can write, a library of another compiler and a linked file are not taken")
    func refusals() throws {
        let compiler = try RunnerLibrarySeedTests.compiler()
        let folder = try RunnerLibrarySeedTests.folder("shelf-refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (shelved, fresh) = try Self.shelved(folder, compiler: compiler)
        #expect(!fresh.needsCompile)

        let another = SwiftCompiler(executable: compiler.executable, version: compiler.version + " (another build)")
        let other = RunnerLibrary(folder: fresh.folder, compiler: another, seedFolders: [], shelf: fresh.shelf)
        #expect(other.shipped == nil)
        #expect(other.needsCompile)

        let shelf = shelved.folder.deletingLastPathComponent()
        for writable in [shelf, shelf.deletingLastPathComponent(), shelved.folder] {
            #expect(chmod(writable.path, 0o777) == 0)
            #expect(fresh.shipped == nil, "\(writable.path) writable by others")
            #expect(fresh.needsCompile)
            #expect(chmod(writable.path, 0o755) == 0)
        }
        #expect(fresh.shipped != nil)

        let archive = shelved.folder.appendingPathComponent(RunnerLibrary.fileNames[0])
        let elsewhere = folder.appendingPathComponent("elsewhere.a")
        try FileManager.default.moveItem(at: archive, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: archive, withDestinationURL: elsewhere)
        #expect(fresh.shipped == nil)
        #expect(fresh.needsCompile)
    }
}

import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodingEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cache's incremental build folders stay bounded (``IncrementalFolders``): after a build, the
/// least recently built beyond a few are removed, never one a build holds, and the cache stays private.
@Suite struct IncrementalFoldersTests {
    struct Cache {
        let url: URL
        var incremental: URL { url.appendingPathComponent("incremental") }

        /// `seeded`: with the runner library in it, for a test that compiles.
        init(seeded: Bool = false) throws {
            url =
                seeded
                ? try SeededRunnerCache.make(prefix: "incremental-folders")
                : FileManager.default.temporaryDirectory.appendingPathComponent("incremental-folders-" + UUID().uuidString)
            try PrivateFolder.ensure(url.appendingPathComponent("incremental"))
        }

        /// A build folder as a build leaves it (0700, swiftc's state inside), last built `age` seconds ago.
        func folder(_ name: String, age: Double) throws -> URL {
            let folder = incremental.appendingPathComponent(name)
            try PrivateFolder.ensure(folder.appendingPathComponent("state"))
            try Data("object".utf8).write(to: folder.appendingPathComponent("state/file.o"))
            // The lock file a build leaves (its making would count as a change of the folder).
            try Data().write(to: folder.appendingPathComponent("lock"))
            let when = Date().timeIntervalSince1970 - age
            var times = [timeval(tv_sec: Int(when), tv_usec: 0), timeval(tv_sec: Int(when), tv_usec: 0)]
            for url in [folder.appendingPathComponent("state"), folder] { #expect(utimes(url.path, &times) == 0) }
            return folder
        }

        func names() throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: incremental.path)) }
    }

    @Test("beyond the bound, the least recently built folders go; one a build holds stays; the rest stay private")
    func theOldestGo() throws {
        let cache = try Cache()
        defer { try? FileManager.default.removeItem(at: cache.url) }
        // f00 is the newest, f10 the oldest.
        let folders = try (0...10).map { try cache.folder(String(format: "f%02d", $0), age: Double($0) * 100) }
        // A build holds f09.
        let held = open(folders[9].appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(held >= 0)
        #expect(flock(held, LOCK_EX) == 0)
        defer { close(held) }
        IncrementalFolders.prune(cache: cache.url, keeping: 8)
        #expect(try cache.names() == Set((0...7).map { String(format: "f%02d", $0) } + ["f09"]))
        for name in try cache.names() {
            let mode = try FileManager.default.attributesOfItem(atPath: cache.incremental.appendingPathComponent(name).path)[
                .posixPermissions]
            #expect(mode as? Int == 0o700, "\(name)")
        }
        // Under the bound, nothing goes.
        IncrementalFolders.prune(cache: cache.url, keeping: 9)
        #expect(try cache.names().count == 9)
    }

    @Test("a compile prunes: the new build's folder stays, the oldest beyond the bound go")
    func aCompilePrunes() throws {
        let cache = try Cache(seeded: true)
        defer { try? FileManager.default.removeItem(at: cache.url) }
        let old = try (0..<IncrementalFolders.kept).map { try cache.folder(String(format: "old%02d", $0), age: 1000 + Double($0)) }
        #expect(try SeededRunnerCache.compileAndDecode(in: cache.url))
        let names = try cache.names()
        #expect(names.count == IncrementalFolders.kept)
        #expect(!names.contains(old.last!.lastPathComponent), "the oldest folder went")
        #expect(names.contains(old.first!.lastPathComponent), "the newest old folder stayed")
        #expect(names.contains { !$0.hasPrefix("old") }, "the new build's folder stayed")
    }
}

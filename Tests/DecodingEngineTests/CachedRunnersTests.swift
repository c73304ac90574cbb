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

/// The cache's runners stay bounded (``CachedRunners``): every edit and every fix candidate builds
/// one, and after a build the least recently used beyond the bound go with their records; a runner
/// just used stays, however old its build.
@Suite struct CachedRunnersTests {
    struct Cache {
        /// The runner cache's folder (where runners sit beside the library and the build folders).
        let url: URL
        var runners: URL { url }

        /// `seeded`: with the runner library in it, for a test that compiles.
        init(seeded: Bool = false) throws {
            url =
                seeded
                ? try SeededRunnerCache.make(prefix: "cached-runners")
                : FileManager.default.temporaryDirectory.appendingPathComponent("cached-runners-" + UUID().uuidString)
            try PrivateFolder.ensure(url)
        }

        /// A runner and its record as a build installs them, last used `age` seconds ago.
        func runner(_ name: String, age: Double) throws -> URL {
            let runner = runners.appendingPathComponent("runner-\(name)")
            try Data("runner \(name)".utf8).write(to: runner)
            try JSONEncoder().encode(BuildRecord.of(runner)).write(to: BuildRecord.file(for: runner))
            let when = Date().timeIntervalSince1970 - age
            var times = [timeval(tv_sec: Int(when), tv_usec: 0), timeval(tv_sec: Int(when), tv_usec: 0)]
            for url in [runner, BuildRecord.file(for: runner)] { #expect(utimes(url.path, &times) == 0) }
            return runner
        }

        func names() throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: runners.path)) }
    }

    @Test("beyond the bound, the least recently used runners go with their records; one used lately stays")
    func theLeastRecentlyUsedGo() throws {
        let cache = try Cache()
        defer { try? FileManager.default.removeItem(at: cache.url) }
        // r00 is the newest, r09 the oldest; all older than the minimum age.
        let runners = try (0...9).map { try cache.runner(String(format: "r%02d", $0), age: CachedRunners.minimumAge + Double($0) * 100) }
        // r08 is used now: it counts as the newest.
        CachedRunners.used(runners[8])
        #expect(BuildRecord.check(runners[8]) == .trusted, "marking a runner used leaves it trusted")
        CachedRunners.prune(in: cache.runners, keeping: 4)
        let kept = ["r08", "r00", "r01", "r02"].flatMap { ["runner-\($0)", "runner-\($0).record"] }
        #expect(try cache.names() == Set(kept))
        // Under the bound, nothing goes.
        CachedRunners.prune(in: cache.runners, keeping: 4)
        #expect(try cache.names().count == 8)
    }

    @Test("a runner used in the last minutes is never removed, however many there are")
    func recentOnesStay() throws {
        let cache = try Cache()
        defer { try? FileManager.default.removeItem(at: cache.url) }
        for n in 0..<6 { _ = try cache.runner("recent\(n)", age: Double(n) * 10) }
        CachedRunners.prune(in: cache.runners, keeping: 2)
        #expect(try cache.names().count == 12)
    }

    @Test("a compile prunes: the new runner stays, the least recently used beyond the bound go")
    func aCompilePrunes() throws {
        let cache = try Cache(seeded: true)
        defer { try? FileManager.default.removeItem(at: cache.url) }
        let old = try (0..<CachedRunners.kept).map {
            try cache.runner(String(format: "old%02d", $0), age: CachedRunners.minimumAge + 100 + Double($0))
        }
        #expect(try SeededRunnerCache.compileAndDecode(in: cache.url))
        let runners = try cache.names().filter { $0.hasPrefix("runner-") && !$0.hasSuffix(".record") }
        #expect(runners.count == CachedRunners.kept)
        #expect(!runners.contains(old.last!.lastPathComponent), "the least recently used runner went")
        #expect(try !cache.names().contains(old.last!.lastPathComponent + ".record"), "with its record")
        #expect(runners.contains(old.first!.lastPathComponent), "the most recently used old runner stayed")
        #expect(runners.contains { !$0.hasPrefix("runner-old") }, "the new runner stayed")
    }
}

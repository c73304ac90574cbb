import Foundation
import Testing

@testable import DecodingEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A runner is run through a checked descriptor (``CheckedExecutable``, issue 34): opened without
/// following a link from its checked folder, the user's own file that no one else can write, what
/// its build record says; and what is spawned is that very file, whatever its path names by then.
@Suite struct CheckedExecutableTests {
    /// A private folder with a runner in it (a copy of `echo`, a real executable) and its record.
    struct Cache {
        let scratch: ScratchFolder
        var folder: URL { scratch.url.appendingPathComponent("runners") }
        var runner: URL { folder.appendingPathComponent("runner-echo") }

        init() throws {
            scratch = try ScratchFolder("checked-executable")
            try PrivateFolder.ensure(folder)
            try Self.install(Self.program("echo"), at: runner)
        }

        /// The bytes of a system program (a binary, as runners are, not a script: an interpreter
        /// opens a script's path again after the exec, when the descriptor may be closed).
        static func program(_ name: String) throws -> Data {
            let path = try #require(["/bin/\(name)", "/usr/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) })
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }

        /// Writes `bytes` at `url` (0700) with its record, as a build installs a runner.
        static func install(_ bytes: Data, at url: URL) throws {
            try bytes.write(to: url)
            #expect(chmod(url.path, 0o700) == 0)
            try JSONEncoder().encode(BuildRecord.of(url)).write(to: BuildRecord.file(for: url))
        }
    }

    @Test("a runner as it was built opens, close-on-exec, and spawns by its descriptor")
    func opens() throws {
        let cache = try Cache()
        defer { cache.scratch.remove() }
        let checked = try CheckedExecutable(cache.runner)
        #expect(checked.url == cache.runner)
        #expect(checked.descriptor >= 0)
        #expect(fcntl(checked.descriptor, F_GETFD) & FD_CLOEXEC != 0, "no other child inherits it")
        #if canImport(Darwin)
        #expect(checked.spawnPath == cache.runner.path)
        #else
        #expect(checked.spawnPath == "/proc/\(getpid())/fd/\(checked.descriptor)")
        #endif
        checked.close()
        #expect(checked.descriptor == -1)
    }

    @Test("a spawn through it runs the checked file, even when its path names another by then")
    func spawnRunsTheCheckedFile() throws {
        let cache = try Cache()
        defer { cache.scratch.remove() }
        let checked = try CheckedExecutable(cache.runner)
        defer { checked.close() }
        #if !canImport(Darwin)
        // Swapped after the check (on macOS the path is run: the folders on it are private, so
        // only the user could swap it).
        let swapped = cache.folder.appendingPathComponent(".swapped")
        try Cache.program("false").write(to: swapped)
        #expect(chmod(swapped.path, 0o700) == 0)
        #expect(rename(swapped.path, cache.runner.path) == 0)
        #endif
        let process = try SupervisedProcess(checked.spawnPath, ["ran", "the", "checked", "file"])
        let collected = process.collect()
        #expect(collected.termination == .exited(0))
        #expect(collected.output.standardOutput.text == "ran the checked file\n")
    }

    @Test("a link in place of the runner is refused")
    func refusesALink() throws {
        let cache = try Cache()
        defer { cache.scratch.remove() }
        let link = cache.folder.appendingPathComponent("runner-link")
        #expect(symlink(cache.runner.path, link.path) == 0)
        try FileManager.default.copyItem(at: BuildRecord.file(for: cache.runner), to: BuildRecord.file(for: link))
        #expect(throws: CheckedExecutable.Refusal.link(path: link.path)) { try CheckedExecutable(link) }
        #expect(BuildRecord.check(link) != .trusted)
    }

    @Test("a runner another user owns is refused", .enabled(if: OtherUser.isAvailable, OtherUser.skipReason))
    func refusesAnotherUsersFile() throws {
        let cache = try Cache()
        defer { cache.scratch.remove() }
        #expect(OtherUser.owns(cache.runner))
        #expect(throws: CheckedExecutable.Refusal.notOwned(path: cache.runner.path, owner: 4242)) { try CheckedExecutable(cache.runner) }
    }

    @Test("a runner others can write is refused")
    func refusesAFileOthersCanWrite() throws {
        let cache = try Cache()
        defer { cache.scratch.remove() }
        #expect(chmod(cache.runner.path, 0o722) == 0)
        #expect(throws: CheckedExecutable.Refusal.writableByOthers(path: cache.runner.path, mode: 0o722)) {
            try CheckedExecutable(cache.runner)
        }
    }

    @Test("a runner whose content differs from its record, or that has none, is refused")
    func refusesWhatWasNotBuilt() throws {
        let cache = try Cache()
        defer { cache.scratch.remove() }
        let handle = try FileHandle(forWritingTo: cache.runner)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("more".utf8))
        try handle.close()
        do {
            _ = try CheckedExecutable(cache.runner)
            Issue.record("a changed runner was accepted")
        } catch {
            guard case .notAsBuilt(let path, let why) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == cache.runner.path)
            #expect(why.contains("is not what was built"))
        }
        try FileManager.default.removeItem(at: BuildRecord.file(for: cache.runner))
        #expect(
            throws: CheckedExecutable.Refusal.notAsBuilt(path: cache.runner.path, why: "the cached runner-echo has no record of its build")
        ) {
            try CheckedExecutable(cache.runner)
        }
    }

    @Test(
        "a record made a byte at a time (written before words), a word at a time (before lanes) or in lanes vouches for its file, and for no other"
    )
    func recordsOfEverySchemeCheckEveryByte() throws {
        for scheme in [BuildRecord.Scheme?.none, .words, .lanes] {
            let cache = try Cache()
            defer { cache.scratch.remove() }
            // Whole blocks of four words (the lanes), then three words and seven bytes, so that every
            // way of hashing a part is there.
            var bytes = try Data(contentsOf: cache.runner)
            bytes = bytes.prefix(bytes.count / 32 * 32) + Data("one word two word 3 words tail.".utf8)
            try bytes.write(to: cache.runner)
            let record = BuildRecord.of(bytes: [UInt8](bytes), scheme: scheme)
            try JSONEncoder().encode(record).write(to: BuildRecord.file(for: cache.runner))
            #expect(BuildRecord.check(cache.runner) == .trusted, "\(record)")
            // A byte in each lane, one in the middle, one in the words after the lanes, the last.
            for offset in [0, 8, 16, 24, bytes.count / 2 + 3, bytes.count - 20, bytes.count - 1] {
                var changed = bytes
                changed[offset] ^= 0x20
                try changed.write(to: cache.runner)
                #expect(BuildRecord.check(cache.runner) != .trusted, "byte \(offset) changed, \(record)")
            }
        }
        // What the tool wrote before words: no scheme in the record.
        let old = try JSONEncoder().encode(BuildRecord.of(bytes: [1, 2, 3], scheme: nil))
        #expect(!String(decoding: old, as: UTF8.self).contains("scheme"))
    }

    @Test(
        "a runner hashed once is not hashed again while it is unchanged; one rewritten, swapped or given another record is checked again and refused"
    )
    func verifiedRunnersAreRememberedByIdentity() throws {
        let cache = try Cache()
        defer { cache.scratch.remove() }
        // Settled at once (the tool's own waits 2 s after a file's last change), so that this
        // test's files, written a moment ago, are remembered.
        let memo = BuildRecord.Verified(settledAfter: 0)
        let check = { (record: Data?) -> BuildRecord.Verdict in
            let opened = try OpenedFile(cache.runner.path)
            return BuildRecord.check(opened, name: cache.runner.lastPathComponent, record: record, verified: memo)
        }
        let record = try Data(contentsOf: BuildRecord.file(for: cache.runner))
        let identity = try #require(FileIdentity(path: cache.runner.path))
        #expect(!memo.holds(identity, record: record))
        #expect(try check(record) == .trusted)
        #expect(memo.holds(identity, record: record), "what was hashed is remembered")
        #expect(try check(record) == .trusted)
        // Another record for the same file: not vouched for by the one remembered.
        let other = try JSONEncoder().encode(BuildRecord.of(bytes: [1, 2, 3]))
        #expect(try check(other) != .trusted)
        // The same size, another file renamed over it (a new inode): hashed again, refused.
        var bytes = try Data(contentsOf: cache.runner)
        bytes[bytes.count / 2] ^= 0x20
        let swapped = cache.folder.appendingPathComponent("swapped")
        try bytes.write(to: swapped)
        #expect(rename(swapped.path, cache.runner.path) == 0)
        #expect(try check(record) != .trusted)
        // Rewritten in place, longer: refused.
        try (bytes + Data([0])).write(to: cache.runner)
        #expect(try check(record) != .trusted)
    }

    @Test("a file written a moment ago is not settled, even with its modification time set back: only its change time counts")
    func settledByChangeTime() throws {
        let scratch = try ScratchFolder("file-identity")
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("file")
        try Data("one".utf8).write(to: file)
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        let identity = try #require(FileIdentity(path: file.path))
        #expect(identity.modifiedSeconds == 1_000_000)
        #expect(!identity.isSettled(seconds: 2))
        #expect(identity.isSettled(seconds: 0))
    }

    @Test("the records an earlier version wrote still vouch for their files: the hashes of its schemes are unchanged")
    func earlierSchemesHashAsTheyDid() {
        // The hashes of bytes 0...99 as 8eda0f4 (the last version before lanes) made them, a byte
        // and a word at a time: a cache it wrote is used, not built again.
        let bytes = (0..<100).map { UInt8($0) }
        #expect(BuildRecord.of(bytes: bytes, scheme: nil).hash == "b708dc48ba0a842d79bf1ebfd2c0109b")
        #expect(BuildRecord.of(bytes: bytes, scheme: .words).hash == "ead17a2b4f758f979ccdfc9abb2c6c0d")
        #expect(BuildRecord.of(bytes: bytes, scheme: .lanes).hash != BuildRecord.of(bytes: bytes, scheme: .words).hash)
        #expect(BuildRecord.of(bytes: bytes).scheme == .lanes, "records are written in lanes")
    }

    @Test("a runner in a folder others can write is refused (the check repairs nothing)")
    func refusesAFolderOthersCanWrite() throws {
        let cache = try Cache()
        defer { cache.scratch.remove() }
        #expect(chmod(cache.folder.path, 0o777) == 0)
        #expect(throws: CheckedExecutable.Refusal.folder(.writableByOthers(path: cache.scratch.real("runners"), mode: 0o777))) {
            try CheckedExecutable(cache.runner)
        }
        #expect(ScratchFolder.exists(cache.runner.path), "nothing removed by a check")
    }
}

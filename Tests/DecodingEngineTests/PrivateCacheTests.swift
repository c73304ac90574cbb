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

/// The cache is trusted through its whole path (``PrivateFolder/ensure(_:root:)``, issue 34): every
/// folder from the cache root down is the user's own and private, or the cache is refused with a
/// message that says what to fix; every folder above the root is owned by root or the user and not
/// writable by others unless sticky; and a cache folder others could write is emptied, not adopted.
@Suite struct PrivateCacheTests {
    @Test("a cache root owned by another user is refused, and says what to do", .enabled(if: OtherUser.isAvailable, OtherUser.skipReason))
    func aRootOwnedByAnotherUserIsRefused() throws {
        let scratch = try ScratchFolder("private-cache")
        defer { scratch.remove() }
        let root = scratch.url.appendingPathComponent("codable-explorer")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        _ = chmod(root.path, 0o755)
        #expect(OtherUser.owns(root))
        let runners = RunnerCache.defaultFolder(environment: ["XDG_CACHE_HOME": scratch.url.path])
        #expect(runners.deletingLastPathComponent().path == root.path)

        let refused = PrivateFolder.Problem.notOwned(path: scratch.real("codable-explorer"), owner: 4242)
        #expect(throws: refused) { try PrivateFolder.ensure(runners, root: root) }
        #expect(refused.description.contains(scratch.real("codable-explorer")))
        #expect(refused.description.contains("another user (uid 4242)"))
        #expect(refused.description.contains("remove it"))
        #expect(!ScratchFolder.exists(runners.path), "nothing is made in a folder another user owns")

        // Named as the runners' folder alone, the root is a folder above it: refused all the same.
        #expect(throws: PrivateFolder.Problem.unsafeAbove(path: scratch.real("codable-explorer"), owner: 4242, mode: 0o755)) {
            try PrivateFolder.ensure(runners)
        }
        // What a compile meets: the runner cache refuses to build or run anything there.
        let cache = RunnerCache(folder: runners)
        let compiler = SwiftCompiler(executable: URL(fileURLWithPath: "/nonexistent/swiftc"), version: "none")
        do {
            _ = try cache.runner(compiler: compiler, models: [], typeExpressions: ["Int"], decoderExpression: nil)
            Issue.record("the runner cache took a root another user owns")
        } catch {
            #expect(error.description.contains("the runner cache cannot be used"))
            #expect(error.description.contains("uid 4242"))
        }
    }

    @Test("a runners folder swapped for a link, in a root of the user's own, is refused")
    func aLinkInTheCacheIsRefused() throws {
        let scratch = try ScratchFolder("private-cache")
        defer { scratch.remove() }
        let root = scratch.url.appendingPathComponent("codable-explorer")
        let elsewhere = scratch.url.appendingPathComponent("elsewhere")
        try PrivateFolder.ensure(root)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
        #expect(symlink(elsewhere.path, root.appendingPathComponent("runners").path) == 0)
        #expect(throws: PrivateFolder.Problem.notAFolder(path: scratch.real("codable-explorer", "runners"))) {
            try PrivateFolder.ensure(root.appendingPathComponent("runners"), root: root)
        }
    }

    @Test("a folder above the root that others can write is refused, unless it is sticky like /tmp")
    func anAncestorOthersCanWriteIsRefused() throws {
        let scratch = try ScratchFolder("private-cache")
        defer { scratch.remove() }
        let above = scratch.url.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: above, withIntermediateDirectories: false)
        #expect(chmod(above.path, 0o777) == 0)
        let root = above.appendingPathComponent("codable-explorer")
        let runners = root.appendingPathComponent("runners")
        let refused = PrivateFolder.Problem.unsafeAbove(path: scratch.real("shared"), owner: UInt32(geteuid()), mode: 0o777)
        #expect(throws: refused) { try PrivateFolder.ensure(runners, root: root) }
        #expect(refused.description.contains("chmod go-w \(scratch.real("shared"))"))
        #expect(refused.description.contains("mode 0777"))
        #expect(!ScratchFolder.exists(root.path))

        // Sticky: only an entry's owner can rename it.
        #expect(chmod(above.path, 0o1777) == 0)
        try PrivateFolder.ensure(runners, root: root)
        #expect(ScratchFolder.mode(root.path) == 0o700 && ScratchFolder.mode(runners.path) == 0o700)
    }

    @Test("XDG_CACHE_HOME in a folder another user owns is refused", .enabled(if: OtherUser.isAvailable, OtherUser.skipReason))
    func aCacheHomeOfAnotherUserIsRefused() throws {
        let scratch = try ScratchFolder("private-cache")
        defer { scratch.remove() }
        let theirs = scratch.url.appendingPathComponent("theirs")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: false)
        _ = chmod(theirs.path, 0o755)
        #expect(OtherUser.owns(theirs))
        let runners = RunnerCache.defaultFolder(environment: ["XDG_CACHE_HOME": theirs.path])
        let refused = PrivateFolder.Problem.unsafeAbove(path: scratch.real("theirs"), owner: 4242, mode: 0o755)
        #expect(throws: refused) { try PrivateFolder.ensure(runners, root: runners.deletingLastPathComponent()) }
        #expect(refused.description.contains("XDG_CACHE_HOME"))
        #expect(refused.description.contains("uid 4242"))
        #expect(!ScratchFolder.exists(runners.deletingLastPathComponent().path))
    }

    @Test("a folder of the cache others could write is emptied (links removed, not followed), then made 0700")
    func aFolderOthersCouldWriteIsEmptied() throws {
        let scratch = try ScratchFolder("private-cache")
        defer { scratch.remove() }
        let outside = scratch.url.appendingPathComponent("outside.txt")
        try Data("the user's own".utf8).write(to: outside)
        let runners = scratch.url.appendingPathComponent("runners")
        try PrivateFolder.ensure(runners)
        let planted = runners.appendingPathComponent("runner-planted")
        try Data("#!/bin/sh\necho planted\n".utf8).write(to: planted)
        try FileManager.default.createDirectory(
            at: runners.appendingPathComponent("incremental/key/state"), withIntermediateDirectories: true)
        try Data("object".utf8).write(to: runners.appendingPathComponent("incremental/key/state/file.o"))
        #expect(symlink(outside.path, runners.appendingPathComponent("link").path) == 0)
        #expect(symlink(scratch.url.path, runners.appendingPathComponent("folder-link").path) == 0)
        if OtherUser.isAvailable {
            let theirs = runners.appendingPathComponent("theirs")
            try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: false)
            try Data("x".utf8).write(to: theirs.appendingPathComponent("file"))
            #expect(OtherUser.owns(theirs) && OtherUser.owns(theirs.appendingPathComponent("file")))
        }
        #expect(chmod(runners.path, 0o777) == 0)

        try PrivateFolder.ensure(runners)
        #expect(try FileManager.default.contentsOfDirectory(atPath: runners.path) == [])
        #expect(ScratchFolder.mode(runners.path) == 0o700)
        #expect(try Data(contentsOf: outside) == Data("the user's own".utf8), "a link's target is never touched")
        #expect(ScratchFolder.exists(scratch.url.path))
    }

    @Test("a folder of the cache others could only read keeps what is in it, made 0700")
    func aFolderOthersCouldReadIsKept() throws {
        let scratch = try ScratchFolder("private-cache")
        defer { scratch.remove() }
        let runners = scratch.url.appendingPathComponent("runners")
        try PrivateFolder.ensure(runners)
        try Data("kept".utf8).write(to: runners.appendingPathComponent("runner-kept"))
        #expect(chmod(runners.path, 0o755) == 0)
        try PrivateFolder.ensure(runners)
        #expect(try FileManager.default.contentsOfDirectory(atPath: runners.path) == ["runner-kept"])
        #expect(ScratchFolder.mode(runners.path) == 0o700)
    }

    @Test(
        "a folder of the cache that another user owns, inside the user's root, is refused",
        .enabled(if: OtherUser.isAvailable, OtherUser.skipReason))
    func aFolderInsideOwnedByAnotherUserIsRefused() throws {
        let scratch = try ScratchFolder("private-cache")
        defer { scratch.remove() }
        let root = scratch.url.appendingPathComponent("codable-explorer")
        let runners = root.appendingPathComponent("runners")
        try PrivateFolder.ensure(runners, root: root)
        #expect(OtherUser.owns(runners))
        #expect(throws: PrivateFolder.Problem.notOwned(path: scratch.real("codable-explorer", "runners"), owner: 4242)) {
            try PrivateFolder.ensure(runners.appendingPathComponent("incremental"), root: root)
        }
    }

    @Test("a runner planted in a runners folder others could write is never run: the folder is emptied and the runner built again")
    func aPlantedRunnerIsNeverRun() throws {
        let cache = try SeededRunnerCache.make(prefix: "private-cache-planted")
        let scratch = try ScratchFolder("private-cache-model")
        defer {
            try? FileManager.default.removeItem(at: cache)
            scratch.remove()
        }
        let model = scratch.url.appendingPathComponent("Model.swift").path
        try "struct Box: Decodable { let x: Int }\n".write(toFile: model, atomically: true, encoding: .utf8)
        let payload = scratch.url.appendingPathComponent("payload.json").path
        try #"{"x": 1}"#.write(toFile: payload, atomically: true, encoding: .utf8)
        let decoder = CompiledDecoder(
            models: [ModelSource(path: model, text: try String(contentsOfFile: model, encoding: .utf8))], typeExpressions: ["Box"],
            cacheFolder: cache)
        let first = try decoder.prepare()
        #expect(first.compiled)

        // Another user, while the folder was theirs to write, puts their own runner (with a record
        // that matches it) under the very name of the next check's runner.
        let marker = scratch.url.appendingPathComponent("planted-ran")
        let planted = Data("#!/bin/sh\ntouch '\(marker.path)'\n".utf8)
        try planted.write(to: first.executable)
        _ = chmod(first.executable.path, 0o700)
        try JSONEncoder().encode(BuildRecord.of(first.executable)).write(to: BuildRecord.file(for: first.executable))
        #expect(BuildRecord.check(first.executable) == .trusted, "the planted runner matches its planted record")
        #expect(chmod(cache.path, 0o777) == 0)

        let again = try decoder.prepare()
        #expect(again.compiled, "the planted runner was thrown away with the folder's contents, and the runner built again")
        #expect(ScratchFolder.mode(cache.path) == 0o700)
        #expect(try Data(contentsOf: again.executable) != planted)
        let tree = try JSONTree.parse(Array(try Data(contentsOf: URL(fileURLWithPath: payload))))
        #expect(try decoder.decode("Box", payloadPath: payload, tree: tree, options: DecodeOptions()).ok)
        #expect(!ScratchFolder.exists(marker.path), "the planted runner never ran")
    }
}

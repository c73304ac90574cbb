import Foundation
import TestSupport
import Testing

/// `version-stamp` reads git's files without git: held to git's own answers on fresh
/// repositories (a branch, a detached HEAD, a lightweight tag, an annotated tag once packed,
/// a worktree) and to its fallback when there is no `.git`.
@Suite(.serialized) struct VersionStampTests {
    static let tool = BuiltProduct.locate("version-stamp")

    static func stamp(_ folder: URL) throws -> String {
        let result = try ProcessRunner.run(tool, ["--print", folder.path])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func git(_ arguments: [String], in folder: URL) throws -> String {
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "git", "-c", "user.name=t", "-c", "user.email=t@t",
                "-c", "init.defaultBranch=main",
            ] + arguments, in: folder)
        try #require(result.status == 0, "git \(arguments): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func repository() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try git(["init", "-q"], in: folder)
        try Data("a".utf8).write(to: folder.appendingPathComponent("a"))
        _ = try git(["add", "a"], in: folder)
        _ = try git(["commit", "-qm", "one"], in: folder)
        return folder
    }

    @Test func aBranchDetachedHeadAndTags() throws {
        let folder = try Self.repository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try Self.git(["rev-parse", "HEAD"], in: folder)
        #expect(try Self.stamp(folder) == "commit \(first)")
        _ = try Self.git(["commit", "-q", "--allow-empty", "-m", "two"], in: folder)
        let second = try Self.git(["rev-parse", "HEAD"], in: folder)
        #expect(try Self.stamp(folder) == "commit \(second)")
        _ = try Self.git(["checkout", "-q", first], in: folder)
        #expect(try Self.stamp(folder) == "commit \(first)")
        _ = try Self.git(["tag", "v1.2.0", first], in: folder)
        #expect(try Self.stamp(folder) == "1.2.0")
        _ = try Self.git(["checkout", "-q", "main"], in: folder)
        _ = try Self.git(["tag", "-a", "-m", "release", "2.0.0", second], in: folder)
        _ = try Self.git(["pack-refs", "--all"], in: folder)
        #expect(try Self.git(["describe", "--tags", "--exact-match"], in: folder) == "2.0.0")
        #expect(try Self.stamp(folder) == "2.0.0")
    }

    @Test func aWorktreeWhoseDotGitIsAFile() throws {
        let folder = try Self.repository()
        let worktree = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-wt")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: worktree)
        }
        _ = try Self.git(["worktree", "add", "-q", "-b", "side", worktree.path], in: folder)
        _ = try Self.git(["commit", "-q", "--allow-empty", "-m", "side"], in: worktree)
        let head = try Self.git(["rev-parse", "HEAD"], in: worktree)
        #expect(try Self.stamp(worktree) == "commit \(head)")
        #expect(try Self.stamp(folder) == "commit \(try Self.git(["rev-parse", "HEAD"], in: folder))")
    }

    @Test func noGitFolderGivesTheFallback() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.stamp(folder) == "unreleased (built from a source archive, no git metadata)")
    }
}

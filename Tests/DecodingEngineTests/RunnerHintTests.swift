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

/// A worker starts the runner its command line used last (``RunnerHint``) before its job has come
/// (``KeptRunner/prestart(_:)``): the cache remembers it only as a runner's name in its own folder,
/// in a file it trusts, and a runner so started answers only a job that names that very runner.
@Suite struct RunnerHintTests {
    static let runnerA = "runner-" + String(repeating: "a", count: 32)
    static let runnerB = "runner-" + String(repeating: "b", count: 32)

    @Test func eachCommandLineRemembersItsLastRunnerMostRecentFirst() throws {
        let scratch = try ScratchFolder("runner-hint")
        defer { try? FileManager.default.removeItem(at: scratch.url) }
        let folder = scratch.url.appendingPathComponent("runners")
        let check = RunnerHint(arguments: ["check", "capture.har", "--routes", "api.routes"], directory: "/work/app")
        let elsewhere = RunnerHint(arguments: ["check", "capture.har", "--routes", "api.routes"], directory: "/work/other")
        #expect(check != elsewhere)
        #expect(check.runner(in: folder) == nil)
        check.remember(folder.appendingPathComponent(Self.runnerA), in: folder)
        elsewhere.remember(folder.appendingPathComponent(Self.runnerB), in: folder)
        #expect(check.runner(in: folder)?.lastPathComponent == Self.runnerA)
        #expect(elsewhere.runner(in: folder)?.lastPathComponent == Self.runnerB)
        check.remember(folder.appendingPathComponent(Self.runnerB), in: folder)
        #expect(check.runner(in: folder)?.lastPathComponent == Self.runnerB)
        let file = folder.appendingPathComponent("hints")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines == ["\(check.key) \(Self.runnerB)", "\(elsewhere.key) \(Self.runnerB)"])
        var info = stat()
        #expect(stat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        // A bounded file: the oldest command lines go.
        for index in 0..<RunnerHint.kept + 5 {
            RunnerHint(arguments: ["check", "\(index).jsonl"], directory: "/").remember(
                folder.appendingPathComponent(Self.runnerA), in: folder)
        }
        #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count == RunnerHint.kept)
        #expect(check.runner(in: folder) == nil)
    }

    @Test func onlyARunnersNameInAFileOfTheUsersOwnIsTaken() throws {
        let scratch = try ScratchFolder("runner-hint")
        defer { try? FileManager.default.removeItem(at: scratch.url) }
        let folder = scratch.url.appendingPathComponent("runners")
        try PrivateFolder.ensure(folder)
        let hint = RunnerHint(arguments: ["check", "x.jsonl"], directory: "/")
        let file = folder.appendingPathComponent("hints")
        for planted in [
            "/bin/sh", "../runner-\(String(repeating: "c", count: 32))", "runner-x", "runner-\(String(repeating: "C", count: 32))",
        ] {
            try "\(hint.key) \(planted)\n".write(to: file, atomically: true, encoding: .utf8)
            _ = chmod(file.path, 0o600)
            #expect(hint.runner(in: folder) == nil, "\(planted)")
        }
        try "\(hint.key) \(Self.runnerA)\n".write(to: file, atomically: true, encoding: .utf8)
        _ = chmod(file.path, 0o600)
        #expect(hint.runner(in: folder)?.lastPathComponent == Self.runnerA)
        // A file others can write is not the cache's word.
        _ = chmod(file.path, 0o666)
        #expect(hint.runner(in: folder) == nil)
        // Nor is a runner outside the folder remembered.
        _ = chmod(file.path, 0o600)
        hint.remember(URL(fileURLWithPath: "/tmp").appendingPathComponent(Self.runnerB), in: folder)
        #expect(hint.runner(in: folder)?.lastPathComponent == Self.runnerA)
        #expect(RunnerHint(key: "not a key") == nil && RunnerHint(key: hint.key) == hint)
        // Lines that are not a key and a runner's name are dropped when the file is written again.
        try Data([0xFF, 0x00, 0x0A] + Array("\(hint.key) \(Self.runnerA)\nnot a line at all\n".utf8)).write(to: file)
        _ = chmod(file.path, 0o600)
        RunnerHint(arguments: ["check", "y.jsonl"], directory: "/").remember(folder.appendingPathComponent(Self.runnerB), in: folder)
        #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count == 2)
        #expect(hint.runner(in: folder)?.lastPathComponent == Self.runnerA)
    }

    /// Two models of the same type, built into two runners of one cache.
    static func runners(in cache: URL) throws -> (int: CompiledDecoder, string: CompiledDecoder) {
        func decoder(_ name: String, _ text: String) throws -> CompiledDecoder {
            let model = cache.appendingPathComponent("\(name).swift").path
            try text.write(toFile: model, atomically: true, encoding: .utf8)
            var decoder = CompiledDecoder(models: [ModelSource(path: model, text: text)], typeExpressions: ["Box"], cacheFolder: cache)
            decoder.prepared = try decoder.prepare().executable
            return decoder
        }
        return (
            try decoder("IntBox", "struct Box: Decodable { let x: Int }\n"),
            try decoder("StringBox", "struct Box: Decodable { let x: String }\n")
        )
    }

    @Test func aRunnerStartedAheadAnswersOnlyTheJobThatNamesIt() throws {
        let cache = try SeededRunnerCache.make(prefix: "runner-prestart")
        defer { try? FileManager.default.removeItem(at: cache) }
        var (int, string) = try Self.runners(in: cache)
        let payload = cache.appendingPathComponent("payload.json").path
        try #"{"x": 1}"#.write(toFile: payload, atomically: true, encoding: .utf8)
        let tree = try JSONTree.parse(Array(#"{"x": 1}"#.utf8))
        let intRunner = try #require(int.prepared)

        // Started ahead for the runner the job names: that runner answers it, none other starts.
        let kept = KeptRunner()
        defer { kept.close() }
        kept.prestart(intRunner)
        #expect(kept.started == 1)
        int.keptRunner = kept
        #expect(try int.decode("Box", payloadPath: payload, tree: tree, options: DecodeOptions()).ok)
        #expect(kept.started == 1)

        // Started ahead for another model's runner: it is ended, and the job's own answers.
        let stale = KeptRunner()
        defer { stale.close() }
        stale.prestart(intRunner)
        string.keptRunner = stale
        let report = try string.decode("Box", payloadPath: payload, tree: tree, options: DecodeOptions())
        #expect(!report.ok && stale.started == 2)
        #expect(report.errors.first?.kind == .typeMismatch, "\(report.errors)")

        // A runner that is not there is not started, and is not said: the job starts its own.
        let missing = KeptRunner()
        defer { missing.close() }
        missing.prestart(cache.appendingPathComponent(Self.runnerA))
        #expect(missing.started == 0)
    }
}

import DecodingEngine
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `check` starts, in its worker, the runner its command line's last session used, before it has
/// parsed its own arguments (``RunnerHint``). A model edited since is still answered by a runner
/// built from it: the one started ahead is ended unused, and the cache then remembers the new one.
@Suite struct EarlyRunnerTests {
    @Test func anEditedModelIsAnsweredByItsOwnRunnerNotTheOneStartedAhead() throws {
        let folder = try CaptureCheckTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("Item.swift")
        try Data(#"{"id": 1}"#.utf8 + [0x0A] + #"{"id": "one"}"#.utf8 + [0x0A]).write(to: folder.appendingPathComponent("items.jsonl"))
        let arguments = ["check", "items.jsonl", "--type", "Item", "--model", "Item.swift", "--mode", "compiled", "--format", "json"]
        let resolved = try #require(realpath(folder.path, nil))
        defer { free(resolved) }
        let hint = RunnerHint(arguments: arguments, directory: String(cString: resolved))
        let runners = PrivateFolder.cacheRoot(environment: ["XDG_CACHE_HOME": TestCache.folder.path]).appendingPathComponent("runners")

        func verdicts() throws -> [String] {
            let result = try ProcessRunner.run(BuiltProduct.codableExplorer, arguments, in: folder)
            #expect(result.status == 1, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return try #require(object["entries"] as? [[String: Any]]).map { $0["verdict"] as? String ?? "?" }
        }

        try "struct Item: Decodable { let id: Int }\n".write(to: model, atomically: true, encoding: .utf8)
        #expect(try verdicts() == ["decodes", "fails"])
        let intRunner = try #require(hint.runner(in: runners), "the session's runner is not remembered for its command line")
        #expect(FileManager.default.fileExists(atPath: intRunner.path))

        // The worker starts the Int model's runner ahead; the job needs the String model's.
        try "struct Item: Decodable { let id: String }\n".write(to: model, atomically: true, encoding: .utf8)
        #expect(try verdicts() == ["fails", "decodes"])
        let stringRunner = try #require(hint.runner(in: runners))
        #expect(stringRunner != intRunner)
        #expect(try verdicts() == ["fails", "decodes"])
        #expect(hint.runner(in: runners) == stringRunner)
        // Neither runner outlives its check.
        for runner in [intRunner, stringRunner] {
            #expect(
                ProcessTable.matching(runner.lastPathComponent).isEmpty,
                "\(ProcessTable.matching(runner.lastPathComponent).map(\.arguments))")
        }
    }
}

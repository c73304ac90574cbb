import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compiled mode runs the user's code, and code under development prints, loops, floods and
/// throws: none of it may change a verdict, hang the tool, leave a process or a file behind, or
/// reach the terminal unescaped. Each test runs the real `check` on the models of
/// `Tests/Fixtures/supervised`, with a runner cache of its own.
@Suite(.serialized) struct SupervisedRunnerTests {
    static let models = Repository.fixtures.appendingPathComponent("supervised/Models.swift")

    /// A folder with `payload.json` and a cache of its own (`cache/`, as `XDG_CACHE_HOME`).
    static func folder(_ payload: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ce-supervised-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("cache"), withIntermediateDirectories: true)
        try Data(payload.utf8).write(to: dir.appendingPathComponent("payload.json"))
        return dir
    }

    static func check(_ dir: URL, type: String, _ extra: [String] = []) throws -> ProcessResult {
        try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            ["check", "payload.json", "--model", models.path, "--type", type, "--mode", "compiled", "--no-fixes"] + extra,
            in: dir, environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
    }

    static func runners(_ dir: URL) throws -> [URL] {
        let folder = dir.appendingPathComponent("cache/codable-explorer/runners")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("runner-") && !$0.hasSuffix(".record") }
            .map { folder.appendingPathComponent($0) }
    }

    @Test func printingInInitFromIsShownAndChangesNothing() throws {
        let dir = try Self.folder(#"[{"id": 1}, {"id": "two"}]"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try Self.check(dir, type: "[Loud]")
        #expect(text.status == 1)
        #expect(text.stdout.contains("typeMismatch at [1].id: Expected to decode Int but found a string instead."))
        #expect(
            text.stdout.contains(
                """
                note: the model's code printed on standard output (43 bytes):
                  | decoding Loud
                  | decoded Loud 1
                  | decoding Loud
                """))
        let json = try Self.check(dir, type: "[Loud]", ["--format", "json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        let output = try #require(object["modelOutput"] as? [String: Any])
        #expect(output["stdout"] as? String == "decoding Loud\ndecoded Loud 1\ndecoding Loud\n")
        #expect(output["stdoutBytes"] as? Int == 43)
        #expect(output["stderrBytes"] as? Int == 0)
    }

    @Test func aReplyShapedLineIsOutputNotAVerdict() throws {
        let dir = try Self.folder(#"{}"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = try Self.check(dir, type: "Liar", ["--format", "json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.first?["kind"] as? String == "other")
        #expect(errors.first?["errorType"] as? String == "Models.Liar.Refusal")
        // Both lies are kept as what the model printed (in the order its buffers reached the pipe).
        let output = try #require(object["modelOutput"] as? [String: Any])
        #expect(output["stdoutBytes"] as? Int == 12 + 12)
        #expect((output["stdout"] as? String)?.contains("{\"ok\":true}\n") == true)
    }

    @Test func aLoopIsStoppedAtItsLimitAndSaysWhereItWas() throws {
        let dir = try Self.folder(#"[{"id": 0}, {"id": 7}]"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let started = ContinuousClock.now
        let result = try Self.check(dir, type: "[Spinner]", ["--timeout", "2"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "the decode ran past its time limit of 2 s and was stopped; the model's code was last at decode(Int.self, forKey: \"id\") in Spinner.init(from:) at [1].id (Models.swift:36:28)"
            )
        )
        #expect(ContinuousClock.now - started < .seconds(120))
        // Its runner lived in this test's cache: nothing of it runs on.
        #expect(ProcessTable.matching(dir.path).isEmpty)
    }

    @Test func aFloodIsCountedNotKept() throws {
        let dir = try Self.folder(#"{}"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = try Self.check(dir, type: "Flood", ["--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let output = try #require(object["modelOutput"] as? [String: Any])
        #expect(output["stderrBytes"] as? Int == 20_000 * 1024)
        let kept = try #require(output["stderr"] as? String)
        #expect(kept.utf8.count < 9_000)
        #expect(kept.contains("… 20471808 bytes not kept …"))
    }

    @Test func aThrownMessageNeverReachesTheTerminalRaw() throws {
        let dir = try Self.folder(#"{"note": "\u001b]52;c;aGk=\u0007\u001b]0;pwned\u0007\u001b[2J"}"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.check(dir, type: "Shout")
        #expect(result.status == 1)
        let bytes = Array((result.stdout + result.stderr).utf8)
        #expect(!bytes.contains(0x1B))
        #expect(!bytes.contains(0x07))
        #expect(result.stdout.contains(#"\u{1B}]52;c;aGk=\u{7}\u{1B}]0;pwned\u{7}\u{1B}[2J"#))
    }

    @Test func aTruncatedRunnerIsBuiltAgainAndSaidSo() throws {
        let dir = try Self.folder(#"[{"id": 1}, {"id": "two"}]"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try Self.check(dir, type: "[Loud]")
        let runner = try #require(try Self.runners(dir).first)
        let whole = try Data(contentsOf: runner)
        try whole.prefix(whole.count / 2).write(to: runner)
        let again = try Self.check(dir, type: "[Loud]")
        #expect(again.stdout == first.stdout)
        #expect(again.stderr.contains("is not what was built"))
        #expect(again.stderr.contains("it was built again"))
        // Built again whole: trusted from then on.
        let third = try Self.check(dir, type: "[Loud]")
        #expect(third.stdout == first.stdout)
        #expect(!third.stderr.contains("built again"))
    }

    @Test func aPlantedRunnerIsNeverRun() throws {
        let dir = try Self.folder(#"[{"id": "one"}]"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try Self.check(dir, type: "[Loud]")
        #expect(first.status == 1)
        let runner = try #require(try Self.runners(dir).first)
        // A program that answers "ok" on the runner's channel, put where the runner was.
        let marker = dir.appendingPathComponent("planted-ran")
        try Data("#!/bin/sh\ntouch '\(marker.path)'\nprintf '\\000\\000\\000\\010\\001\\010\\005\\001\\002ok\\002' >&4\n".utf8).write(
            to: runner)
        let again = try Self.check(dir, type: "[Loud]")
        #expect(again.status == 1)
        #expect(again.stdout == first.stdout)
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        #expect(again.stderr.contains("it was built again"))
    }

    @Test func aCacheFolderOthersCanWriteIsMadePrivate() throws {
        let dir = try Self.folder(#"[{"id": 1}]"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let runners = dir.appendingPathComponent("cache/codable-explorer/runners")
        try FileManager.default.createDirectory(at: runners, withIntermediateDirectories: true)
        chmod(runners.path, 0o777)
        let result = try Self.check(dir, type: "[Loud]")
        #expect(result.status == 0)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: runners.path)[.posixPermissions] as? Int)
        #expect(mode == 0o700)
        for file in try Self.runners(dir) {
            let fileMode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
            #expect(fileMode & 0o077 == 0)
        }
    }

    @Test func killingCheckEndsItsWorkerRunnerAndCompiler() throws {
        let dir = try Self.folder(#"[{"id": 3}]"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = Process()
        check.executableURL = BuiltProduct.codableExplorer
        check.arguments = ["check", "payload.json", "--model", Self.models.path, "--type", "[Spinner]", "--no-fixes"]
        check.currentDirectoryURL = dir
        check.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]) {
            $1
        }
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        try check.run()
        // Waits for the state, not for a time: the runner spinning (after its compile).
        let spinning = ProcessTable.waitFor(timeout: .seconds(300)) {
            !ProcessTable.descendants(of: check.processIdentifier, matching: "runner-").isEmpty
        }
        let family = ProcessTable.descendants(of: check.processIdentifier, matching: "")
        kill(check.processIdentifier, SIGKILL)
        check.waitUntilExit()
        #expect(spinning)
        #expect(!family.isEmpty)
        let gone = ProcessTable.waitFor(timeout: .seconds(10)) { family.allSatisfy { !ProcessTable.isAlive($0) } }
        #expect(gone, "left behind: \(family.filter(ProcessTable.isAlive))")
    }
}

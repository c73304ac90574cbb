import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Model code that attacks the tool that runs it (issue 34): a background child, a forged reply on
/// the runner's channel, an element that hangs or traps past the first error, a descriptor the
/// caller leaked, a signal to `check` while the runner runs. None of it may change a verdict or
/// outlive the decode. Each test runs the real `check` on `Tests/Fixtures/hostile`, with a runner
/// cache (and a temporary folder) of its own.
@Suite(.serialized) struct HostileModelTests {
    static let models = Repository.fixtures.appendingPathComponent("hostile/Models.swift")

    /// A folder with `payload.json`, a cache (`cache/`, as `XDG_CACHE_HOME`) and a temporary folder
    /// (`tmp/`, as `TMPDIR`) of its own.
    static func folder(_ payload: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ce-hostile-" + UUID().uuidString)
        for sub in ["cache", "tmp"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try Data(payload.utf8).write(to: dir.appendingPathComponent("payload.json"))
        return dir
    }

    static func environment(_ dir: URL) -> [String: String] {
        ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "TMPDIR": dir.appendingPathComponent("tmp").path]
    }

    static func check(_ dir: URL, type: String, _ extra: [String] = []) throws -> ProcessResult {
        try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            ["check", "payload.json", "--model", models.path, "--type", type, "--mode", "compiled", "--no-fixes"] + extra,
            in: dir, environment: environment(dir))
    }

    /// `system("sleep N &")`, a `Process` and a `setsid` child: the decode's verdict is its own (no
    /// time-out though the children hold the runner's pipes), and none of them outlives `check`.
    @Test func childrenTheModelStartsNeitherChangeTheVerdictNorOutliveIt() throws {
        let seconds = Int.random(in: 86_500...96_500)
        let dir = try Self.folder(#"{"seconds": \#(seconds)}"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.check(dir, type: "Detacher", ["--timeout", "20"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "payload.json: ok: Detacher decoded at $ (compiled mode)\n")
        let left = ProcessTable.matching("sleep \(seconds)")
        #expect(left.isEmpty, "left running: \(left.map(\.arguments))")
        for entry in left { kill(entry.pid, SIGKILL) }
    }

    /// A well-formed "decoded" frame written by the model's code on the runner's channel is not the
    /// runner's reply: the error the code then throws is the verdict.
    @Test func aForgedReplyIsNotBelieved() throws {
        let dir = try Self.folder("{}")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.check(dir, type: "Forger", ["--format", "json"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.map { $0["errorType"] as? String } == ["Models.Forger.Refused"])
    }

    /// A forged frame and then an exit before the runner answers: no verdict at all, said so.
    @Test func aForgedReplyAloneIsNoVerdict() throws {
        let dir = try Self.folder("{}")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.check(dir, type: "ForgerThatExits")
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("ok:"))
        #expect(result.stderr.contains("the model's code wrote to the runner's channel"), "\(result.stderr)")
    }

    /// All-errors mode: JSONDecoder's own first error first; then every element decoded on its own,
    /// an element that hangs or traps reported as such on its node, and the elements after it still
    /// checked.
    @Test func anElementThatHangsOrTrapsIsReportedAndHidesNothing() throws {
        let payload = #"[{"n": 1}, {"n": "x"}, {"n": 7}, {"n": 2}, {"n": 9}, {"n": "y"}]"#
        let dir = try Self.folder(payload)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.check(dir, type: "[Stubborn]", ["--all-errors", "--timeout", "3", "--format", "json"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.map { $0["kind"] as? String } == ["typeMismatch", "other", "other", "typeMismatch"])
        #expect(errors.map { ($0["codingPath"] as? [Any])?.first as? Int } == [1, 2, 4, 5])
        #expect(errors.map { $0["stopped"] as? String } == [nil, "timedOut", "crashed", nil])
        #expect(errors.map { $0["column"] as? Int } == [18, 24, 44, 60])
        #expect((errors[2]["debugDescription"] as? String)?.contains("Fatal error: nine is not allowed") == true)
        let text = try Self.check(dir, type: "[Stubborn]", ["--all-errors", "--timeout", "3"])
        #expect(
            text.stdout.contains("payload.json:1:24: error: hang at [2]: decoding this element on its own ran past the time limit of 3 s"))
        #expect(text.stdout.contains("payload.json:1:44: error: crash at [4]: decoding this element on its own crashed"))
    }

    /// A descriptor the caller left open (not close-on-exec) reaches neither the worker nor the
    /// runner: the model sees only its standard three and the runner's own reply descriptor.
    @Test func theRunnerInheritsNoUnrelatedDescriptor() throws {
        let dir = try Self.folder("{}")
        defer { try? FileManager.default.removeItem(at: dir) }
        let command =
            [
                "exec 7<payload.json 9<payload.json;", "exec", BuiltProduct.codableExplorer.path, "check", "payload.json", "--model",
                Self.models.path,
            ]
            + ["--type", "DescriptorLister", "--mode", "compiled", "--no-fixes", "--format", "json"]
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", command.map { $0.hasPrefix("exec") ? $0 : "'\($0)'" }.joined(separator: " ")],
            in: dir, environment: Self.environment(dir))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let printed = try #require((object["modelOutput"] as? [String: Any])?["stdout"] as? String)
        let open = printed.dropFirst("open: ".count).split(separator: ",").compactMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // Only the reply's own copy, which the runner moved above 100 and closes on exec.
        #expect(open.allSatisfy { $0 >= 100 }, "open in the runner: \(printed)")
        #expect(open.count <= 1, "open in the runner: \(printed)")
    }

    /// A runner ended from outside (SIGKILL, as the out-of-memory killer sends) is not a crash of the
    /// model's code: `check` says so, and that it says nothing about the payload (exit status 2).
    @Test func aRunnerKilledFromOutsideIsNoCrash() throws {
        let dir = try Self.folder("")
        defer { try? FileManager.default.removeItem(at: dir) }
        let marker = dir.appendingPathComponent("runner.pid").path
        try Data(#"{"marker": "\#(marker)"}"#.utf8).write(to: dir.appendingPathComponent("payload.json"))
        let check = Process()
        check.executableURL = BuiltProduct.codableExplorer
        check.arguments = ["check", "payload.json", "--model", Self.models.path, "--type", "Waiter", "--mode", "compiled", "--no-fixes"]
        check.currentDirectoryURL = dir
        check.environment = ProcessInfo.processInfo.environment.merging(Self.environment(dir)) { $1 }
        let errors = Pipe()
        check.standardOutput = FileHandle.nullDevice
        check.standardError = errors
        try check.run()
        let running = ProcessTable.waitFor(timeout: .seconds(300)) { FileManager.default.fileExists(atPath: marker) }
        try #require(running)
        let runner = try #require(pid_t(try String(contentsOfFile: marker, encoding: .utf8)))
        kill(runner, SIGKILL)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 2)
        #expect(said.contains("ended from outside codable-explorer (signal 9"), "\(said)")
        #expect(said.contains("this says nothing about the payload"), "\(said)")
        #expect(!said.contains("crashed"), "\(said)")
    }

    /// `check` on standard input, ended by a signal while its runner runs: its private copy of the
    /// payload is removed, it ends at once by that signal (SIGQUIT too, never through the runtime's
    /// backtrace), and its worker and runner end with it.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT])
    func aSignalRemovesTheCopyOfStandardInputAndEndsEverything(signal: Int32) throws {
        let dir = try Self.folder("")
        defer { try? FileManager.default.removeItem(at: dir) }
        let marker = dir.appendingPathComponent("runner.pid").path
        let check = Process()
        check.executableURL = BuiltProduct.codableExplorer
        check.arguments = ["check", "-", "--model", Self.models.path, "--type", "Waiter", "--mode", "compiled", "--no-fixes"]
        check.currentDirectoryURL = dir
        check.environment = ProcessInfo.processInfo.environment.merging(Self.environment(dir)) { $1 }
        let input = Pipe()
        check.standardInput = input
        let errors = dir.appendingPathComponent("stderr.txt")
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        check.standardOutput = FileHandle.nullDevice
        check.standardError = try FileHandle(forWritingTo: errors)
        try check.run()
        input.fileHandleForWriting.write(Data(#"{"marker": "\#(marker)"}"#.utf8))
        try input.fileHandleForWriting.close()
        // Waits for the state: the runner decoding (after its compile).
        let running = ProcessTable.waitFor(timeout: .seconds(300)) { FileManager.default.fileExists(atPath: marker) }
        try #require(running)
        let runner = try #require(pid_t(try String(contentsOfFile: marker, encoding: .utf8)))
        let temporary = dir.appendingPathComponent("tmp").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).contains { $0.hasPrefix("codable-explorer-stdin") })
        kill(check.processIdentifier, signal)
        check.waitUntilExit()
        #expect(check.terminationReason == .uncaughtSignal, "\((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
        #expect(check.terminationStatus == signal)
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0.hasPrefix("codable-explorer") }
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
        let gone = ProcessTable.waitFor(timeout: .seconds(10)) { !ProcessTable.isAlive(runner) }
        #expect(gone, "the runner \(runner) runs on")
    }
}

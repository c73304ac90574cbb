import Foundation
import TestSupport
import Testing

/// `check CAPTURE` as text screens the entries: many bodies decoded as they are in one job, and
/// only those that do not decode checked alone. Its verdicts are held to what each body alone gets
/// (`--format json` checks every entry alone) and to Foundation's own.
@Suite struct CaptureScreenTests {
    /// The verdict (and a failing entry's error count or reason) of each entry of the text output,
    /// by index: its heading line is `NAME#INDEX …: VERDICT…` (the errors under it are `NAME#INDEX:LINE:…`).
    static func textVerdicts(_ text: String) -> [Int: String] {
        Dictionary(textHeadings(text), uniquingKeysWith: { first, _ in first })
    }

    /// The entries' headings of the text output in the order printed: index and verdict.
    static func textHeadings(_ text: String) -> [(Int, String)] {
        var verdicts: [(Int, String)] = []
        for line in text.split(separator: "\n").map(String.init) {
            guard let hash = line.firstIndex(of: "#") else { continue }
            let digits = line[line.index(after: hash)...].prefix { $0.isNumber }
            guard let index = Int(digits), line[line.index(after: hash)...].dropFirst(digits.count).first == " " else { continue }
            for verdict in ["decodes", "fails", "unmapped", "skipped"] {
                if let range = line.range(of: ": \(verdict)") {
                    var said = verdict
                    if verdict == "fails", let count = line[range.upperBound...].split(separator: ",").last,
                        count.hasSuffix("error") || count.hasSuffix("errors")
                    {
                        said += " " + count.trimmingCharacters(in: .whitespaces)
                    }
                    verdicts.append((index, said))
                    break
                }
            }
        }
        return verdicts
    }

    /// The same, from `--format json`, where every entry was checked alone.
    static func jsonVerdicts(_ text: String) throws -> [Int: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var verdicts: [Int: String] = [:]
        for entry in try #require(object["entries"] as? [[String: Any]]) {
            let index = try #require(entry["index"] as? Int)
            var said = try #require(entry["verdict"] as? String)
            let errors = ((entry["check"] as? [String: Any])?["errors"] as? [Any])?.count ?? 0
            if said == "fails", errors > 0 { said += " \(errors) error\(errors == 1 ? "" : "s")" }
            verdicts[index] = said
        }
        return verdicts
    }

    /// Every exporter's capture, compiled and schema mode: each screened verdict is the body's own.
    @Test(arguments: ["compiled", "schema"])
    func screenedVerdictsAreEachBodysOwn(mode: String) throws {
        for name in CaptureCheckTests.captures {
            let arguments = CaptureCheckTests.arguments(name) + ["--mode", mode]
            let text = try CaptureCheckTests.run(arguments)
            let json = try CaptureCheckTests.run(arguments + ["--format", "json"])
            #expect(text.status == json.status && text.status != 2, "\(name): \(text.stderr) \(json.stderr)")
            let alone = try Self.jsonVerdicts(json.stdout)
            #expect(!alone.isEmpty, "\(name)")
            #expect(Self.textVerdicts(text.stdout) == alone, "\(name) (\(mode)):\n\(text.stdout)")
        }
    }

    /// A body that traps the runner, or loops past the time limit, stops the screen of its batch:
    /// every entry of it is then checked alone, and the trap and the loop are their own entries' verdicts.
    @Test func aTrapOrALoopInABatchLeavesEachEntryItsOwnVerdict() throws {
        let folder = CaptureRunnerTests.folder
        let result = try CaptureCheckTests.run([
            "check", folder.appendingPathComponent("watched.jsonl").path, "--type", "Watched", "--model",
            folder.appendingPathComponent("Watched.swift").path, "--mode", "compiled", "--timeout", "2",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        let verdicts = Self.textVerdicts(result.stdout)
        #expect(
            (0..<9).map { verdicts[$0] ?? "" }
                == ["decodes", "decodes", "fails 1 error", "fails", "decodes", "decodes", "fails", "decodes", "decodes"],
            "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("watched.jsonl#3 ") && $0.contains("entry 4 traps") }, "\(result.stdout)")
        #expect(lines.contains { $0.contains("watched.jsonl#6 ") && $0.contains("2") }, "\(result.stdout)")
    }

    /// Entries past one batch (``ScreenBatch``'s 1,000) keep their order and their verdicts: failing
    /// bodies sit at the batches' edges and every 37th line (more in a batch than the entries checked
    /// alone that are sent ahead, ``BodySlots/depth``, so their files are taken in turn again), and
    /// each verdict is Foundation's on its body, as text (screened) and as JSON (each checked alone).
    @Test func entriesAcrossBatchesKeepTheirOrderAndVerdicts() throws {
        let folder = ValidateCommandTests.temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kinds = [#"{"id": 7, "name": "a", "email": null}"#, #"{"id": "7", "name": "a"}"#, #"{"id": 7, "name": "a""#]
        let kindOf = { (line: Int) -> Int in
            switch line {
            case 0, 999, 1000, 2099: 1
            case 1500, 1999: 2
            default: line % 37 == 5 ? 1 : 0
            }
        }
        let capture = folder.appendingPathComponent("many.jsonl")
        try Data((0..<2100).map { kinds[kindOf($0)] }.joined(separator: "\n").utf8).write(to: capture)
        let oracle = try FoundationOracle.verdicts(
            files: ["Models.swift": String(decoding: try Data(contentsOf: CaptureCheckTests.models), as: UTF8.self)],
            cases: kinds.map { FoundationOracle.Case(type: "User", payload: .text($0)) })
        #expect(oracle.map(\.ok) == [true, false, false], "\(oracle)")
        for mode in ["compiled", "schema"] {
            let result = try CaptureCheckTests.run([
                "check", capture.path, "--type", "User", "--model", CaptureCheckTests.models.path, "--mode", mode,
            ])
            #expect(result.status == 1, "\(result.stderr)")
            let verdicts = Self.textVerdicts(result.stdout)
            #expect(verdicts.count == 2100)
            let wrong = (0..<2100).filter { line in
                (verdicts[line] ?? "").hasPrefix("decodes") != oracle[kindOf(line)].ok
            }
            #expect(wrong.isEmpty, "\(mode): \(wrong.prefix(5).map { "#\($0) \(verdicts[$0] ?? "none")" })")
            // In order: each heading's index is the one after the previous heading's.
            #expect(Self.textHeadings(result.stdout).map(\.0) == Array(0..<2100), "\(mode)")
            let json = try CaptureCheckTests.run([
                "check", capture.path, "--type", "User", "--model", CaptureCheckTests.models.path, "--mode", mode, "--format", "json",
            ])
            let alone = try Self.jsonVerdicts(json.stdout)
            #expect(alone.count == 2100, "\(json.stderr)")
            let wrongAlone = (0..<2100).filter { line in (alone[line] ?? "").hasPrefix("decodes") != oracle[kindOf(line)].ok }
            #expect(wrongAlone.isEmpty, "\(mode), JSON: \(wrongAlone.prefix(5).map { "#\($0) \(alone[$0] ?? "none")" })")
        }
    }

    /// An entry that decodes while the model's code caught errors on the way is checked alone (the
    /// screen saw something thrown), and its text is `check`'s of the body alone: "decodes, but",
    /// each caught error on its place, what was lost. An entry whose code caught nothing keeps its line.
    @Test func aDecodingEntryShowsWhatItsCodeCaughtAsCheckOfItAloneDoes() throws {
        let folder = ValidateCommandTests.temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = Repository.fixtures.appendingPathComponent("caught-errors/Lenient.swift").path
        let lenient = #"{"items": [{"id": 1}, {"id": "x"}], "isActive": true, "count": "3"}"#
        let clean = #"{"items": [{"id": 1}], "isActive": true, "count": 3}"#
        let capture = folder.appendingPathComponent("feed.jsonl")
        try Data((clean + "\n" + lenient + "\n").utf8).write(to: capture)
        let body = folder.appendingPathComponent("body.json")
        try Data(lenient.utf8).write(to: body)
        let arguments = ["--type", "Feed", "--model", model, "--mode", "compiled"]
        let result = try CaptureCheckTests.run(["check", capture.path] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let alone = try CaptureCheckTests.run(["check", body.path] + arguments + ["--no-fixes"])
        #expect(alone.stdout.hasPrefix("decodes, but: 2 errors were caught by your code"), "\(alone.stdout)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == capture.path + "#0 line 1: decodes: Feed", "\(result.stdout)")
        #expect(lines.dropFirst().first == capture.path + "#1 line 2: decodes: Feed, 2 errors caught", "\(result.stdout)")
        let entryText = alone.stdout.replacingOccurrences(of: body.path, with: capture.path + "#1")
        #expect(result.stdout.contains("errors caught\n" + entryText), "\(result.stdout)\n---\n\(entryText)")
        // The JSON output, every entry checked alone, lists the same caught errors.
        let json = try CaptureCheckTests.run(["check", capture.path] + arguments + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.map { (($0["check"] as? [String: Any])?["caught"] as? [Any])?.count ?? 0 } == [0, 2])
    }

    /// A body whose decode makes the model's code call `exit()` is that entry's verdict (as a trap
    /// is), in a batch and checked alone: the entries around it are checked, and the check says so
    /// with exit status 1, not 2.
    @Test func aModelThatExitsFailsItsOwnEntryOnly() throws {
        let folder = CaptureRunnerTests.folder
        let arguments = [
            "check", folder.appendingPathComponent("exiting.jsonl").path, "--type", "Watched", "--model",
            folder.appendingPathComponent("Watched.swift").path, "--mode", "compiled",
        ]
        let text = try CaptureCheckTests.run(arguments)
        #expect(text.status == 1, "\(text.stderr)")
        #expect((0..<3).map { Self.textVerdicts(text.stdout)[$0] ?? "" } == ["decodes", "fails", "decodes"], "\(text.stdout)")
        let line = text.stdout.split(separator: "\n").first { $0.contains("exiting.jsonl#1 ") } ?? ""
        #expect(line.contains("exit status 3") && line.contains("an app decoding it would end too"), "\(line)")
        let json = try CaptureCheckTests.run(arguments + ["--format", "json"])
        #expect(json.status == 1, "\(json.stderr)")
        let alone = try Self.jsonVerdicts(json.stdout)
        #expect((0..<3).map { alone[$0] ?? "" } == ["decodes", "fails", "decodes"], "\(json.stdout)")
    }
}

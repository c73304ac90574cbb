import Foundation
import TestSupport
import Testing

/// Compiled-mode fixes (edits of the user's own `init(from:)`) held to swiftc and Foundation: each
/// fix `fix --apply` writes is compiled with a program written here, independently of the runner,
/// and Foundation's `JSONDecoder` must then decode the payload; and `check` accepts what was written.
@Suite(.serialized) struct CompiledFixTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var type: String
        var payload: String
        /// The fix kinds the listing must offer, best first.
        var kinds: [String]
        /// The line of the model file the fix edits (the call that threw).
        var line: Int
        var testDescription: String { "\(type) \(payload)" }
    }

    static let cases: [Case] = [
        Case(
            type: "Account", payload: #"{"id": 1, "name": "A", "tags": [], "score": 3}"#,
            kinds: ["decodeIfPresentAtCall", "defaultAtCall"], line: 19),
        Case(
            type: "Account", payload: #"{"id": 1, "display_name": "A", "tags": null, "score": 3}"#,
            kinds: ["decodeIfPresentAtCall", "defaultAtCall"], line: 20),
        Case(type: "Account", payload: #"{"id": 1, "display_name": "A", "tags": [], "score": 2.5}"#, kinds: ["widerTypeAtCall"], line: 21),
        // "7" for an Int: the call reads String, or reads the Int sent either way (decodeLossless).
        Case(
            type: "Account", payload: #"{"id": "7", "display_name": "A", "tags": [], "score": 1}"#,
            kinds: ["widerTypeAtCall", "losslessValue"], line: 18),
        Case(type: "Parcel", payload: #"{"label": "x", "size": {"kg": 2}}"#, kinds: ["decodeIfPresentAtCall", "defaultAtCall"], line: 38),
        Case(type: "Price", payload: #"{}"#, kinds: ["decodeIfPresentAtCall", "defaultAtCall"], line: 53),
        Case(
            type: "Cart", payload: #"{"parcels": [{"label": "a", "size": {"grams": 1}}, {"label": "b", "size": {}}]}"#,
            kinds: ["decodeIfPresentAtCall", "defaultAtCall"], line: 38),
        // The property is spelled `Optional<Int>`: widening the call widens it to `Double?` as well.
        Case(type: "Reading", payload: #"{"level": 2.5}"#, kinds: ["widerTypeAtCall"], line: 71),
        // `label` as Int would fail the first parcel, which decodes today: no fix is offered.
        Case(
            type: "Cart", payload: #"{"parcels": [{"label": "a", "size": {"grams": 1}}, {"label": 5, "size": {"grams": 2}}]}"#,
            kinds: [], line: 36),
    ]

    static let model = Repository.fixtures.appendingPathComponent("compiled-mode/HandWrittenFixes.swift")

    static func run(_ arguments: [String], in dir: URL) throws -> ProcessResult {
        try ProcessRunner.run(BuiltProduct.codableExplorer, arguments, in: dir)
    }

    static func folder(_ name: String, payload: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-fix-\(name)-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try payload.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: model, to: dir.appendingPathComponent("Models.swift"))
        return dir
    }

    /// Foundation's verdict on the payload with the model as it is in `dir` (``FoundationOracle``).
    static func foundationDecodes(_ type: String, in dir: URL) throws -> FoundationOracle.Verdict {
        let model = try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8)
        let payload = dir.appendingPathComponent("payload.json")
        return try FoundationOracle.verdicts(files: ["Models.swift": model], cases: [.init(type: type, payload: .file(payload))])[0]
    }

    @Test("each fix edits the line that threw, compiles, and Foundation then decodes the payload", arguments: Array(cases.indices))
    func fixesDecode(_ index: Int) throws {
        let c = Self.cases[index]
        let dir = try Self.folder("list", payload: c.payload)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try !Self.foundationDecodes(c.type, in: dir).ok, "the payload must fail with the model as written")
        let listed = try Self.run(["fix", "payload.json", "--model", "Models.swift", "--type", c.type, "--format", "json"], in: dir)
        #expect(listed.status == 1, "\(listed.stderr)")
        let fixes = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "\(listed.stderr)")
        #expect(fixes.map { $0["kind"] as? String ?? "" } == c.kinds)
        for (number, fix) in fixes.enumerated() {
            #expect(fix["verifiedBy"] as? String == "compiled")
            #expect(fix["decodes"] as? Bool == true)
            // The call that threw is the line the diff changes.
            let diff = try #require(fix["diff"] as? String)
            #expect(diff.contains("-") && diff.split(separator: "\n").contains { $0.hasPrefix("@@") }, "\(diff)")
            let original = try String(contentsOf: Self.model, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let thrower = String(original[c.line - 1])
            #expect(diff.contains("-" + thrower), "fix \(number + 1) must edit line \(c.line): \(thrower)\n\(diff)")

            let applied = try Self.folder("apply", payload: c.payload)
            defer { try? FileManager.default.removeItem(at: applied) }
            let write = try Self.run(
                ["fix", "payload.json", "--model", "Models.swift", "--type", c.type, "--apply", "\(number + 1)"], in: applied)
            try #require(write.status == 0, "\(write.stderr)")
            let verdict = try Self.foundationDecodes(c.type, in: applied)
            #expect(verdict.ok, "fix \(number + 1) of \(c.type): \(verdict)")
        }
    }

    @Test("after fix --apply writes a compiled-mode fix, check accepts the model and the payload")
    func checkAcceptsWhatFixWrote() throws {
        let c = Self.cases[4]
        let dir = try Self.folder("check", payload: c.payload)
        defer { try? FileManager.default.removeItem(at: dir) }
        let write = try Self.run(["fix", "payload.json", "--model", "Models.swift", "--type", c.type, "--apply", "1"], in: dir)
        try #require(write.status == 0, "\(write.stderr)")
        #expect(write.stdout.contains("wrote Models.swift"), "\(write.stdout)")
        let edited = try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8)
        #expect(edited.contains("self.grams = try size.decodeIfPresent(Int.self, forKey: .grams)"))
        #expect(edited.contains("let grams: Int?"))
        let checked = try Self.run(["check", "payload.json", "--model", "Models.swift", "--type", c.type], in: dir)
        #expect(checked.status == 0, "\(checked.stderr)\(checked.stdout)")
        #expect(checked.stdout == "payload.json: ok: Parcel decoded at $ (compiled mode)\n")
    }

    @Test("check --format json gives each error a compiled-mode explanation naming the line, and --fixes the fixes")
    func checkJSON() throws {
        let c = Self.cases[0]
        let dir = try Self.folder("json", payload: c.payload)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try Self.run(["check", "payload.json", "--model", "Models.swift", "--type", c.type, "--format", "json"], in: dir)
        let output = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any], "\(plain.stderr)")
        let error = try #require((output["errors"] as? [[String: Any]])?.first)
        #expect(error["kind"] as? String == "keyNotFound")
        #expect(error["fixes"] == nil, "fixes only with --fixes")
        let expected = try #require((error["explanation"] as? [String: Any])?["expected"] as? String)
        #expect(expected.contains("Models.swift:19:"), "\(expected)")
        let withFixes = try Self.run(
            ["check", "payload.json", "--model", "Models.swift", "--type", c.type, "--format", "json", "--fixes"], in: dir)
        let fixed = try #require(try JSONSerialization.jsonObject(with: Data(withFixes.stdout.utf8)) as? [String: Any])
        let fixes = try #require((fixed["errors"] as? [[String: Any]])?.first?["fixes"] as? [[String: Any]])
        #expect(fixes.map { $0["kind"] as? String } == ["decodeIfPresentAtCall", "defaultAtCall"])
        #expect(fixes.first?["verdict"] as? String == "✓ verified (compiled and decoded again): decodes")
    }
}

import Foundation
import TestSupport
import Testing

/// `check` on models with hand-written decoding, held to the same models compiled with swiftc and decoded
/// by Foundation in a program written here, independently of the runner `check` generates.
@Suite(.serialized) struct CompiledModeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var type: String
        var payload: String
        var decoder: String?
        var testDescription: String { "\(type) \(payload)" }
        init(_ type: String, _ payload: String, decoder: String? = nil) {
            self.type = type; self.payload = payload; self.decoder = decoder
        }
    }

    static let cases: [Case] = [
        Case("Flattened", #"{"id": 1, "profile": {"name": "A", "address": {"city": "B"}}}"#),
        Case("Flattened", #"{"id": 1, "profile": {"name": "A", "address": {"town": "B"}}}"#),
        Case("Flattened", #"{"id": 1, "profile": {"name": "A", "address": {"city": 5}}}"#),
        Case("Zoo", #"{"animals": [{"type": "dog", "barks": 3}, {"type": "cat", "lives": 9}]}"#),
        Case("Zoo", #"{"animals": [{"type": "dog", "barks": 3}, {"type": "cow"}]}"#),
        Case("Zoo", #"{"animals": [{"type": "cat", "lives": "nine"}]}"#),
        Case("Timeline", #"["2024-01-02", "2024-02-30x"]"#),
        Case("Timeline", #"["2024-01-02", 7]"#),
        Case("Listing", #"{"prices": [1, "two", 3], "nickname": "  "}"#),
        Case("Listing", #"{"prices": {}, "nickname": "Al"}"#),
        Case("Listing", #"{"prices": [], "nickname": 4}"#),
        Case("Quote", #"{"price": "1.5", "volume": "20"}"#),
        Case("Quote", #"{"price": "1.5", "volume": "2.0"}"#),
        Case("[Member]", #"[{"name": "a", "badge": {}}, {"name": "b", "badge": {"label": "x"}}]"#),
        Case("[Member]", #"[{"name": "a", "badge": {"text": "x"}}]"#),
        Case("Sandwich", #"{"spice": 3, "note": 5}"#),
        Case("Sandwich", #"{"spice": 9}"#),
        Case("Post", #"{"title": "t", "published_at": "day 3"}"#, decoder: "makeDecoder()"),
        Case("Post", #"{"title": "t", "published_at": "2024-01-01"}"#, decoder: "makeDecoder()"),
        Case("[Post]", #"[{"title": "t", "published_at": "day 1"}, {"title": "u"}]"#, decoder: "makeDecoder()"),
    ]

    static let fixtures = Repository.fixtures.appendingPathComponent("compiled-mode")

    /// Foundation's answer for every case, from one program compiled with the model (``FoundationOracle``).
    static let oracle: Result<[FoundationOracle.Verdict], OracleError> = Result {
        let model = try String(contentsOf: fixtures.appendingPathComponent("HandWritten.swift"), encoding: .utf8)
        return try FoundationOracle.verdicts(
            files: ["HandWritten.swift": model],
            cases: cases.map { .init(type: $0.type, payload: .text($0.payload), decoder: $0.decoder ?? "JSONDecoder()") },
            flags: ["-module-name", "Models"])
    }.mapError { OracleError(text: "\($0)") }

    /// What `check --format json` is held to of a verdict, as canonical JSON: `{"ok":true}`, or the
    /// error's kind, coding path (but for kind `other`), key, error type and words.
    static func comparable(_ verdict: FoundationOracle.Verdict) -> [String: Any] {
        let fields = verdict.fields
        guard !verdict.ok else { return ["ok": true] }
        var kept: [String: Any] = [:]
        for name in ["kind", "key", "codingPath", "debugDescription", "errorType"] { kept[name] = fields[name] }
        if verdict.kind == "other" { kept["codingPath"] = nil }
        return kept
    }

    /// What ``comparable(_:)`` keeps of Foundation's verdict, from `check --format json`'s object; the
    /// exit status must agree with it (0 ok, 1 an error).
    static func comparable(check output: [String: Any], status: Int32) throws -> [String: Any] {
        if output["ok"] as? Bool == true {
            #expect(status == 0)
            return ["ok": true]
        }
        #expect(status == 1)
        var mine: [String: Any] = [:]
        let error = try #require((output["errors"] as? [[String: Any]])?.first)
        for field in ["kind", "key", "debugDescription", "errorType"] { mine[field] = error[field] }
        if error["kind"] as? String != "other" { mine["codingPath"] = error["codingPath"] }
        return mine
    }

    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    struct OracleError: Error { var text: String }

    static func run(
        _ executable: String, _ arguments: [String], in dir: URL,
        environment: [String: String] = [:]
    ) throws -> (status: Int32, out: String, err: String) {
        let result = try ProcessRunner.run(URL(fileURLWithPath: executable), arguments, in: dir, environment: environment)
        return (result.status, result.stdout, result.stderr)
    }

    @Test("check gives the compiled program's answer for hand-written decoding", arguments: Array(cases.indices))
    func matchesCompiledProgram(_ index: Int) throws {
        let c = Self.cases[index]
        let expected = try Self.oracle.get()
        try #require(expected.count == Self.cases.count)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-case-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try c.payload.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("HandWritten.swift"),
            to: dir.appendingPathComponent("HandWritten.swift"))
        var arguments = ["check", "payload.json", "--model", "HandWritten.swift", "--type", c.type, "--format", "json"]
        if let decoder = c.decoder { arguments += ["--decoder", decoder] }
        let result = try Self.run(FixCommandTests.binary.path, arguments, in: dir)
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
        #expect(output["mode"] as? String == "compiled")
        let mine = try Self.comparable(check: output, status: result.status)
        #expect(try Self.json(mine) == Self.json(Self.comparable(expected[index])), "check said:\n\(result.out)\n\(result.err)")
    }

    @Test("checks of other types of the same model file, one right after another: each gets its own type's answer")
    func eachTypeItsOwnRunner() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-types-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: root) }
        // One cache: the same file's runners share a build folder, and each type is a new main written
        // within a second of the last build (swiftc's driver took it as unchanged and linked the last
        // type's main: Listing was decoded as Timeline).
        let cache = ["XDG_CACHE_HOME": root.appendingPathComponent("cache").path]
        let payloads = [
            ("Flattened", #"{"id": 1, "profile": {"name": "A", "address": {"city": "B"}}}"#),
            ("Zoo", #"{"animals": [{"type": "dog", "barks": 3}]}"#), ("Timeline", #"["2024-01-02"]"#),
            ("Listing", #"{"prices": [1], "nickname": "x"}"#), ("Quote", #"{"price": "1.5", "volume": "20"}"#),
            ("[Member]", #"[{"name": "a", "badge": {"label": "x"}}]"#), ("Sandwich", #"{"spice": 3, "note": "n"}"#),
        ]
        for (type, payload) in payloads {
            let dir = root.appendingPathComponent("\(abs(type.hashValue))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try payload.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(
                at: Self.fixtures.appendingPathComponent("HandWritten.swift"), to: dir.appendingPathComponent("HandWritten.swift"))
            let result = try Self.run(
                FixCommandTests.binary.path, ["check", "payload.json", "--model", "HandWritten.swift", "--type", type], in: dir,
                environment: cache)
            #expect(result.out == "payload.json: ok: \(type) decoded at $ (compiled mode)\n", "\(result.out)\(result.err)")
        }
    }

    #if os(Linux)
    @Test("without swiftc, only the types that need it are refused, each naming its construct and where")
    func withoutCompiler() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-nocc-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("HandWritten.swift"),
            to: dir.appendingPathComponent("HandWritten.swift"))
        try #"{"title": "t", "publishedAt": 0, "label": "x"}"#.write(
            to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        // A PATH with no swiftc on it (on macOS, xcrun would still find one: this test is for Linux).
        let noCompiler = ["PATH": dir.path, "SWIFTC": "", "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let refused = try Self.run(
            FixCommandTests.binary.path, ["check", "payload.json", "--model", "HandWritten.swift", "--type", "Flattened"],
            in: dir, environment: noCompiler)
        #expect(refused.status == 2)
        #expect(refused.err.contains("HandWritten.swift:16:5: Flattened has a hand-written init(from:)"), "\(refused.err)")
        #expect(refused.err.contains("needs swiftc"), "\(refused.err)")
        // Post and Badge are synthesized: the schema engine decides them with no compiler.
        let post = try Self.run(
            FixCommandTests.binary.path, ["check", "payload.json", "--model", "HandWritten.swift", "--type", "Post"],
            in: dir, environment: noCompiler)
        #expect(post.status == 0, "\(post.err)")
    }
    #endif

    @Test("a model importing a module other than Foundation is refused naming the import")
    func unsupportedImport() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-import-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try
            "import Foundation\nimport Alamofire\n\nstruct A: Decodable {\n    let x: Int\n    init(from decoder: Decoder) throws { x = 1 }\n}\n"
            .write(to: dir.appendingPathComponent("Models.swift"), atomically: true, encoding: .utf8)
        try "{}".write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        let result = try Self.run(
            FixCommandTests.binary.path, ["check", "payload.json", "--model", "Models.swift", "--type", "A"],
            in: dir, environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(result.status == 2)
        #expect(
            result.err.contains(
                "Models.swift:2:1: Models.swift imports Alamofire, which cannot be built on this platform, and holds struct A (line 4), which the decode of A needs (it is the type decoded)"
            ), "\(result.err)")
        #expect(result.err.contains("--package DIR --target NAME"), "\(result.err)")
    }

    @Test("what infer writes (an enum with a hand-written init(from:), a .custom date strategy in makeDecoder()) checks with --decoder")
    func inferOutputChecks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-infer-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let payload =
            #"{"items": [{"id": 1, "when": "2024-01-02 10:00:00 UTC", "v": 1}, {"id": 2, "when": "2024-02-03 11:00:00 UTC", "v": "x"}], "created_at": "2024-01-02T10:00:00Z"}"#
        try payload.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        let binary = FixCommandTests.binary.path
        let inferred = try Self.run(binary, ["infer", "payload.json", "--key-strategy", "snake-case"], in: dir)
        try #require(inferred.status == 0, "\(inferred.err)")
        #expect(inferred.out.contains(".custom"), "the payload's dates need a .custom strategy")
        #expect(inferred.out.contains("init(from decoder: any Decoder)"), "the mixed-kind value needs a hand-written init(from:)")
        try inferred.out.write(to: dir.appendingPathComponent("Models.swift"), atomically: true, encoding: .utf8)
        let checked = try Self.run(
            binary, ["check", "payload.json", "--model", "Models.swift", "--type", "Root", "--decoder", "makeDecoder()"],
            in: dir)
        #expect(checked.status == 0, "\(checked.err)\(checked.out)")
        // The inferred enum tries each kind in turn: the kind it is not is a caught error whose value
        // the code read another way (the ledger lists it; nothing was lost).
        #expect(checked.out.hasSuffix("payload.json: ok: Root decoded at $ (compiled mode)\n"), "\(checked.out)")
        #expect(checked.out.contains("your code read the value another way"), "\(checked.out)")
    }
}

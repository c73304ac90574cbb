import Foundation
import TestSupport
import Testing

/// The ledger of errors the model's own code caught (issue 39): `check` on lenient models (wrappers
/// in the shape of BetterCodable's, `try?`, `?? default`, `do/catch`, a Result helper) lists every
/// error the decode swallowed. The truth is Foundation's: each value a lenient construct forgives is
/// decoded strictly by a program compiled with the same models (``FoundationOracle``), and the
/// ledger's errors must be those errors, in the order they were thrown.
@Suite(.serialized) struct CaughtErrorsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var type: String
        var payload: String
        /// What a strict decode of each forgiven value throws: (type, path to the value).
        var strict: [(String, [FoundationOracle.Step])]
        /// The outcome the ledger gives each, in order.
        var outcomes: [String]
        var testDescription: String { "\(type) \(payload)" }
    }

    static let cases: [Case] = [
        Case(
            type: "Feed", payload: #"{"items": [{"id": 1}, {"id": "x"}, {"id": 3}, {}], "isActive": "yes", "count": "42"}"#,
            strict: [
                ("Item", [.key("items"), .index(1)]), ("Item", [.key("items"), .index(3)]), ("Bool", [.key("isActive")]),
                ("Int", [.key("count")]),
            ],
            outcomes: ["elementDropped", "elementDropped", "defaulted", "readAnotherWay"]),
        Case(
            type: "Profile", payload: #"{"name": "a", "nickname": null, "age": "7", "score": "high", "rank": 1.5, "motto": null}"#,
            strict: [
                ("String", [.key("nickname")]), ("Int", [.key("age")]), ("Double", [.key("score")]), ("Int", [.key("rank")]),
            ],
            outcomes: ["nil", "defaulted", "other", "other"]),
        Case(type: "[Profile]", payload: #"[{"name": "a", "nickname": "b", "age": 3, "score": 1, "rank": 2}]"#, strict: [], outcomes: []),
    ]

    static let fixtures = Repository.fixtures.appendingPathComponent("caught-errors")
    static let model = (try? String(contentsOf: fixtures.appendingPathComponent("Lenient.swift"), encoding: .utf8)) ?? ""

    /// Foundation's strict answer for every forgiven value of every case, in order.
    static let oracle: Result<[FoundationOracle.Verdict], CompiledModeTests.OracleError> = Result {
        try FoundationOracle.verdicts(
            files: ["Lenient.swift": model],
            cases: cases.flatMap { c in c.strict.map { FoundationOracle.Case(type: $0.0, payload: .text(c.payload), path: $0.1) } },
            flags: ["-module-name", "Models"])
    }.mapError { CompiledModeTests.OracleError(text: "\($0)") }

    /// The fixture's line that ends in `// caught: OUTCOME`, for each outcome in order of the lines.
    static func markedLines() -> [(line: Int, outcome: String)] {
        model.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, text in
            guard let range = text.range(of: "// caught: ") else { return nil }
            return (number + 1, String(text[range.upperBound...]))
        }
    }

    /// `check` of `payload` against a model file (the lenient fixture unless told) in a folder of its own.
    static func check(
        _ payload: String, type: String, extra: [String] = [], model: String = model, modelName: String = "Lenient.swift"
    ) throws -> (status: Int32, out: String, err: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("caught-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try payload.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        try model.write(to: dir.appendingPathComponent(modelName), atomically: true, encoding: .utf8)
        return try CompiledModeTests.run(
            FixCommandTests.binary.path, ["check", "payload.json", "--model", modelName, "--type", type] + extra, in: dir,
            environment: ["XDG_CACHE_HOME": TestCache.folder.path])
    }

    @Test(
        "every error a lenient construct caught is listed: Foundation's own error for the value, in order", arguments: Array(cases.indices))
    func ledgerIsFoundationsErrors(_ index: Int) throws {
        let c = Self.cases[index]
        let verdicts = try Self.oracle.get()
        let first = Self.cases[..<index].reduce(0) { $0 + $1.strict.count }
        let expected = verdicts[first..<(first + c.strict.count)].map { verdict -> [String: Any] in
            var kept: [String: Any] = [:]
            for name in ["kind", "codingPath", "debugDescription", "key", "expectedType"] { kept[name] = verdict.fields[name] }
            return kept
        }
        #expect(expected.allSatisfy { $0["kind"] != nil }, "every strict decode fails: \(verdicts)")
        let result = try Self.check(c.payload, type: c.type, extra: ["--format", "json"])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
        #expect(output["ok"] as? Bool == true)
        let caught = output["caught"] as? [[String: Any]] ?? []
        let mine = caught.map { error -> [String: Any] in
            var kept: [String: Any] = [:]
            for name in ["kind", "codingPath", "debugDescription", "key", "expectedType"] { kept[name] = error[name] }
            return kept
        }
        #expect(try mine.map(CompiledModeTests.json) == expected.map(CompiledModeTests.json), "check said:\n\(result.out)")
        #expect(caught.map { ($0["outcome"] as? [String: Any])?["kind"] as? String ?? "" } == c.outcomes)
        // Each caught error is located on its node, as a thrown one is, and attributed to the marked line.
        let marked = Self.markedLines()
        for error in caught {
            #expect(error["line"] is Int && error["column"] is Int, "\(error)")
            let at = try #require(error["caughtAt"] as? [String: Any])
            let line = try #require(at["line"] as? Int, "\(at)")
            let outcome = (error["outcome"] as? [String: Any])?["kind"] as? String
            #expect(marked.contains { $0.line == line && $0.outcome == outcome }, "caught at line \(line) (\(outcome ?? "")): \(at)")
        }
    }

    @Test("a traced decode (the explorer's, stepping's) keeps the same ledger as the untraced check", arguments: [0, 1])
    func tracedSameLedger(_ index: Int) throws {
        let c = Self.cases[index]
        let plain = try Self.check(c.payload, type: c.type, extra: ["--format", "json"])
        let traced = try Self.check(c.payload, type: c.type, extra: ["--format", "json", "--trace"])
        let caught = { (text: String) in
            ((try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any])?["caught"] as? [[String: Any]] ?? []
        }
        #expect(caught(plain.out).count == c.strict.count)
        #expect(
            try caught(traced.out).map { try CompiledModeTests.json($0) } == caught(plain.out).map { try CompiledModeTests.json($0) },
            "\(traced.out)")
    }

    @Test("the wrappers are named, and a default says its expression")
    func wrappersNamed() throws {
        let c = Self.cases[0]
        let result = try Self.check(c.payload, type: c.type, extra: ["--format", "json"])
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
        let caught = try #require(output["caught"] as? [[String: Any]])
        let wrappers = caught.map { ($0["caughtAt"] as? [String: Any])?["wrapper"] as? String ?? "" }
        #expect(wrappers == ["LossyArray", "LossyArray", "DefaultFalse", "LosslessValue"])
        #expect((caught[2]["outcome"] as? [String: Any])?["default"] as? String == "Default.defaultValue")
    }

    @Test("check's text: decodes, but: N errors were caught by your code, each located, with where and what became of it")
    func text() throws {
        let c = Self.cases[1]
        let result = try Self.check(c.payload, type: c.type)
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "decodes, but: 4 errors were caught by your code", "\(result.out)")
        let ageLine =
            try #require(Self.model.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("age = (try?") }) + 1
        #expect(
            lines.contains("payload.json:1:40: warning: caught: typeMismatch at age: Expected to decode Int but found a string instead."))
        #expect(
            lines.contains(
                "Lenient.swift:\(ageLine):23: note: caught by Profile.init(from:), in decode(Int.self, forKey: \"age\"): the value defaulted to 0"
            ), "\(result.out)")
        #expect(lines.last == "payload.json: ok: Profile decoded at $ (compiled mode)")
    }

    @Test("--strict fails a decode whose code caught an error (status 1), and passes a clean one")
    func strict() throws {
        let dirty = try Self.check(Self.cases[1].payload, type: "Profile", extra: ["--strict"])
        #expect(dirty.status == 1)
        #expect(dirty.err.contains("--strict: 4 errors were caught by your code, the value lost"), "\(dirty.err)")
        // The lossless wrapper's probe (`Int`, then `String`) kept the value: only the three losses count.
        let feed = try Self.check(Self.cases[0].payload, type: "Feed", extra: ["--strict"])
        #expect(feed.status == 1)
        #expect(feed.err.contains("--strict: 3 errors were caught by your code, the value lost"), "\(feed.err)")
        let probe = try Self.check(#"{"items": [], "isActive": true, "count": "42"}"#, type: "Feed", extra: ["--strict"])
        #expect(probe.status == 0, "\(probe.out)\(probe.err)")
        #expect(probe.out.contains("your code read the value another way"), "\(probe.out)")
        let clean = try Self.check(Self.cases[2].payload, type: "[Profile]", extra: ["--strict", "--format", "json"])
        #expect(clean.status == 0, "\(clean.err)")
        #expect(!clean.out.contains("\"caught\""))
    }

    @Test("what the model's code prints is its output once: the decode run again for the ledger prints nowhere")
    func printsOnce() throws {
        let result = try Self.check(#"{"count": "many"}"#, type: "Chatty", extra: ["--format", "json"])
        #expect(result.status == 0)
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
        #expect((output["modelOutput"] as? [String: Any])?["stdout"] as? String == "decoding Chatty\n", "\(result.out)")
        #expect((output["caught"] as? [[String: Any]])?.count == 1)
    }

    @Test("an error the model's code catches and throws again leaves the decode: it is not a caught error")
    func rethrownIsNotCaught() throws {
        let payload = #"{"id": "seven"}"#
        let verdict = try #require(
            try FoundationOracle.verdicts(
                files: ["Lenient.swift": Self.model], cases: [.init(type: "Rethrower", payload: .text(payload))],
                flags: ["-module-name", "Models"]
            ).first)
        let result = try Self.check(payload, type: "Rethrower", extra: ["--format", "json"])
        #expect(result.status == 1)
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
        let error = try #require((output["errors"] as? [[String: Any]])?.first)
        #expect(error["debugDescription"] as? String == verdict.fields["debugDescription"] as? String)
        #expect(output["caught"] == nil, "\(result.out)")
    }
}

/// Keys the payload sends that the model never reads (issue 39, item 4): listed by type, with a
/// near spelling the type asks for; schema mode (the schema's keys) and compiled mode (the calls the
/// model's own code made) say the same of a synthesized model.
@Suite(.serialized) struct UnreadKeysTests {
    static let model = (try? String(contentsOf: CaughtErrorsTests.fixtures.appendingPathComponent("Unread.swift"), encoding: .utf8)) ?? ""
    static let payload = #"{"name": "a", "nick_name": "b", "pets": [{"kind": "dog", "age": 3}, {"kind": "cat", "age": 4}], "extra": 1}"#

    static func check(_ payload: String, type: String, extra: [String]) throws -> (status: Int32, out: String, err: String) {
        try CaughtErrorsTests.check(payload, type: type, extra: extra, model: model, modelName: "Unread.swift")
    }

    static func unread(_ out: String) -> [String] {
        let object = (try? JSONSerialization.jsonObject(with: Data(out.utf8))) as? [String: Any]
        return (object?["unreadKeys"] as? [[String: Any]] ?? []).map { key in
            "\(key["type"] as? String ?? "?").\(key["key"] as? String ?? "") ×\(key["count"] as? Int ?? 0) at \(key["line"] as? Int ?? 0):\(key["column"] as? Int ?? 0)"
                + ((key["near"] as? String).map { " ~\($0)" } ?? "")
        }
    }

    @Test("each type's unread keys, counted, at their first place, with a near spelling; the same in both modes")
    func listed() throws {
        let expected = ["User.nick_name ×1 at 1:15 ~nickname", "Pet.age ×2 at 1:58", "User.extra ×1 at 1:97"]
        for mode in ["schema", "compiled"] {
            let result = try Self.check(Self.payload, type: "User", extra: ["--unread-keys", "--format", "json", "--mode", mode])
            #expect(result.status == 0, "\(result.err)")
            #expect(Self.unread(result.out) == expected, "\(mode): \(result.out)")
        }
        // A hand-written init(from:) (compiled mode): the keys its own calls asked for.
        let account = #"{"id": 1, "ownr": {}, "owner": {"name": "b", "pets": [], "age": 9}}"#
        let result = try Self.check(account, type: "Account", extra: ["--unread-keys", "--format", "json"])
        #expect(Self.unread(result.out) == ["Account.ownr ×1 at 1:11 ~owner", "User.age ×1 at 1:58"], "\(result.out)")
    }

    @Test("the text lists them as notes; --strict keys fails on them, and only when asked")
    func strictKeys() throws {
        let text = try Self.check(Self.payload, type: "User", extra: ["--unread-keys"])
        #expect(text.status == 0)
        #expect(text.out.contains("note: keys the payload sends that the model never reads:\n"))
        #expect(text.out.contains("payload.json:1:15: note: \"nick_name\" of User is never read (1 object; did you mean \"nickname\"?)\n"))
        let strict = try Self.check(Self.payload, type: "User", extra: ["--strict", "keys"])
        #expect(strict.status == 1)
        #expect(strict.err.contains("--strict: 3 keys are sent but never read"), "\(strict.err)")
        // --strict alone is about caught errors: a synthesized model catches none.
        #expect(try Self.check(Self.payload, type: "User", extra: ["--strict"]).status == 0)
        let clean = try Self.check(#"{"name": "a", "pets": []}"#, type: "User", extra: ["--strict", "keys"])
        #expect(clean.status == 0, "\(clean.err)")
    }
}

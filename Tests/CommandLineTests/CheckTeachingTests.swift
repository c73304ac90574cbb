import Foundation
import TestSupport
import Testing

/// What `check` and `fix` print of issue 24's teaching, run as the real binary on payloads
/// written here: each fix's cost, the ranking, "decodes, but" warnings, error ranges.
@Suite struct CheckTeachingTests {
    /// A folder with this payload and model, removed by the caller.
    static func folder(payload: String, model: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("teach-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try payload.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        try model.write(to: dir.appendingPathComponent("Models.swift"), atomically: true, encoding: .utf8)
        return dir
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `fix … --format json`: the fixes listed, as objects.
    static func listed(_ request: [String], in dir: URL) throws -> [[String: Any]] {
        let out = try FixCommandTests.run(request + ["--format", "json"], in: dir).out
        return try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]], "\(out)")
    }

    /// The number of the first listed fix that matches.
    static func number(in listed: [[String: Any]], where matches: ([String: Any]) -> Bool) throws -> Int {
        try #require(listed.first(where: matches)?["number"] as? Int, "\(listed)")
    }

    static let zips = (0..<5).map { #"{"zip": "0\#($0)000"}"# }.joined(separator: ", ")

    @Test func checkSaysWhatEachFixCostsAndRanksTheLosslessOneFirst() throws {
        let dir = try Self.folder(payload: "[\(Self.zips)]", model: "struct Address: Decodable { let zip: Int }\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try FixCommandTests.run(["check", "payload.json", "--model", "Models.swift", "--type", "[Address]"], in: dir)
        #expect(text.status == 1)
        #expect(
            text.out.contains("  fix 1: Declare `zip` as `String`\n    ✓ verified: decodes\n    cost: keeps every value the payload sends"))
        #expect(text.out.contains(#"cost: turns "00000" into 0 (and 4 other values like it)"#), "\(text.out)")
        let json = try Self.json(
            try FixCommandTests.run(
                ["check", "payload.json", "--model", "Models.swift", "--type", "[Address]", "--format", "json", "--fixes"], in: dir
            ).out)
        let fixes = try #require((json["errors"] as? [[String: Any]])?.first?["fixes"] as? [[String: Any]])
        let costs = fixes.compactMap { $0["cost"] as? [String: String] }
        #expect(costs.first == ["class": "keepsValues", "kind": "keepsEveryValue", "text": "keeps every value the payload sends"])
        #expect(costs.contains { $0["class"] == "changesMeaning" && $0["text"]?.hasPrefix(#"turns "00000" into 0"#) == true })
        #expect(json["warnings"] as? [Any] != nil, "the top-level warnings array is there, empty")
    }

    @Test func fixAllErrorsSummarisesRangesAndCountsWhatAFixRemoves() throws {
        let records = (0..<6).map { #"{"user_name": "u\#($0)", "age": \#($0 == 5 ? "\"x\"" : "1")}"# }.joined(separator: ", ")
        let dir = try Self.folder(
            payload: "[\(records)]", model: "struct User: Decodable {\n    let userName: String\n    let age: Int\n}\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try FixCommandTests.run(
            ["fix", "payload.json", "--model", "Models.swift", "--type", "[User]", "--all-errors"], in: dir)
        #expect(result.status == 1)
        #expect(result.out.contains("  [errors 1–6]\n  ✓ verified: removes 6 errors; 1 other remains"), "\(result.out)")
        #expect(!result.out.contains("error 2, "))
    }

    @Test func checkWarnsAboutDatesThatDecodeIntoAnImplausibleYearWithoutChangingTheVerdict() throws {
        let dir = try Self.folder(
            payload: "[{\"at\": 1709632800000},\n {\"at\": 1709719200000}]",
            model: "import Foundation\nstruct Event: Decodable { let at: Date }\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try FixCommandTests.run(["check", "payload.json", "--model", "Models.swift", "--type", "[Event]"], in: dir)
        #expect(text.status == 0)
        #expect(
            text.out.contains(
                "payload.json:1:9: warning: decodes, but: `at` 1709632800000 decodes with .deferredToDate as a date in the year"))
        #expect(text.out.contains("(and 1 more like it); .millisecondsSince1970 would fit"))
        #expect(text.out.hasSuffix("payload.json: ok: [Event] decoded at $\n"))
        let json = try Self.json(
            try FixCommandTests.run(["check", "payload.json", "--model", "Models.swift", "--type", "[Event]", "--format", "json"], in: dir)
                .out)
        #expect(json["ok"] as? Bool == true)
        let warning = try #require((json["warnings"] as? [[String: Any]])?.first)
        #expect(warning["kind"] as? String == "implausibleDate" && warning["path"] as? String == "$[0].at")
        #expect(warning["line"] as? Int == 1 && warning["column"] as? Int == 9 && warning["count"] as? Int == 2)
        let fine = try FixCommandTests.run(
            ["check", "payload.json", "--model", "Models.swift", "--type", "[Event]", "--date-strategy", "milliseconds"], in: dir)
        #expect(fine.status == 0 && !fine.out.contains("warning"))
    }

    @Test func aWarningAfterTheFirstErrorIsInTheJSONAsInTheText() throws {
        let dir = try Self.folder(
            payload: #"[{"when": 0}, {"id": 1, "when": 1700000000000}]"#,
            model: "import Foundation\nstruct R: Decodable { let id: Int; let when: Date }\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = ["check", "payload.json", "--model", "Models.swift", "--type", "[R]"]
        let text = try FixCommandTests.run(request, in: dir)
        #expect(text.status == 1)
        #expect(text.out.contains("payload.json:1:33: warning: decodes, but: `when` 1700000000000 decodes with .deferredToDate"))
        // Without --fixes (explanations only), and with them: the same warning, after the first error.
        for extra in [[], ["--fixes"]] {
            let json = try Self.json(try FixCommandTests.run(request + ["--format", "json"] + extra, in: dir).out)
            let warnings = try #require(json["warnings"] as? [[String: Any]], "\(extra)")
            #expect(warnings.map { $0["path"] as? String } == ["$[1].when"], "\(extra)")
        }
    }

    @Test func fixAppliesSeveralFixesDecodedAgainTogetherOrNoneWhenTheyClash() throws {
        let model = "struct Item: Decodable {\n    let count: Int\n    let zip: Int\n}\n"
        let dir = try Self.folder(payload: #"[{"count": 2.5, "zip": "00001"}, {"count": 3, "zip": "10115"}]"#, model: model)
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = ["fix", "payload.json", "--model", "Models.swift", "--type", "[Item]", "--all-errors"]
        let listed = try Self.listed(request, in: dir)
        func number(_ title: String) throws -> Int {
            try Self.number(in: listed) { ($0["title"] as? String)?.hasPrefix(title) == true }
        }
        let double = try number("Declare `count` as `Double`"), string = try number("Declare `zip` as `String`")
        let lossless = try number("Accept `zip`")
        let clash = try FixCommandTests.run(request + ["--apply", "\(string),\(lossless)"], in: dir)
        #expect(clash.status == 2 && clash.err.contains("change the same lines of Models.swift differently"), "\(clash.err)")
        #expect(try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8) == model, "nothing written")
        let applied = try FixCommandTests.run(request + ["--apply", "\(double),\(string)"], in: dir)
        #expect(applied.status == 0, "\(applied.err)")
        #expect(applied.out.contains("together: ✓ verified (decoded again with all 2 applied): decodes"), "\(applied.out)")
        let written = try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8)
        #expect(written.contains("let count: Double") && written.contains("let zip: String"))
        #expect(try FixCommandTests.run(["check", "payload.json", "--model", "Models.swift", "--type", "[Item]"], in: dir).status == 0)
    }

    @Test func aKeyAndADateStrategyAppliedTogetherAreDecodedWithBothAndNamedAsFlags() throws {
        let model = "import Foundation\nstruct Push: Decodable {\n    let repoName: String\n    let at: Date\n}\n"
        let dir = try Self.folder(payload: #"[{"repo_name": "a", "at": "2024-03-05T10:00:00Z"}]"#, model: model)
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = ["fix", "payload.json", "--model", "Models.swift", "--type", "[Push]", "--all-errors"]
        let listed = try Self.listed(request, in: dir)
        func number(_ kind: String) throws -> Int { try Self.number(in: listed) { $0["kind"] as? String == kind } }
        let keys = try number("convertFromSnakeCase")
        // Each alone leaves the other's error; together they decode.
        let applied = try FixCommandTests.run(request + ["--apply", "\(keys),\(try number("dateStrategy"))"], in: dir)
        #expect(applied.status == 0, "\(applied.err)")
        #expect(applied.out.contains("decode with --key-strategy snake-case --date-strategy iso8601 from now on"), "\(applied.out)")
        let check = try FixCommandTests.run(
            [
                "check", "payload.json", "--model", "Models.swift", "--type", "[Push]", "--key-strategy", "snake-case", "--date-strategy",
                "iso8601",
            ],
            in: dir)
        #expect(check.status == 0, "\(check.out)")
    }

    static let compiledModel = """
        import Foundation

        struct Event: Decodable {
            let at: Date
            let status: Status

            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                at = try c.decode(Date.self, forKey: .at)
                status = try c.decode(Status.self, forKey: .status)
            }

            enum CodingKeys: String, CodingKey { case at, status }
        }

        enum Status: String, Decodable { case open, closed }

        """

    @Test func compiledModeExplainsDatesAndRawValuesAndOffersTheDateStrategy() throws {
        let dir = try Self.folder(payload: #"{"at": "2024-03-05T10:00:00Z", "status": "pending"}"#, model: Self.compiledModel)
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = ["check", "payload.json", "--model", "Models.swift", "--type", "Event"]
        let date = try FixCommandTests.run(request, in: dir)
        #expect(date.status == 1)
        #expect(date.out.contains("decided by the model's own code compiled with swiftc"), "\(date.out)")
        #expect(
            date.out.contains(
                "expected: a Date as the .deferredToDate date strategy reads it: a number of seconds since 2001-01-01 (Date's own Decodable)"
            ),
            "\(date.out)")
        #expect(date.out.contains("  fix 1: Decode dates with .iso8601\n    ✓ verified (compiled and decoded again)"), "\(date.out)")
        #expect(date.out.contains("decoder: decoder.dateDecodingStrategy = .iso8601  (check: --date-strategy iso8601)"))
        let rawValue = try FixCommandTests.run(request + ["--date-strategy", "iso8601", "--no-fixes"], in: dir)
        #expect(rawValue.status == 1)
        #expect(rawValue.out.contains(#"expected: one of Status's raw values: "open", "closed""#), "\(rawValue.out)")
        #expect(rawValue.out.contains(#"found:    a string, "pending""#))
    }

    @Test func compiledModeOffersReadingANumberSentAsTextAndItDecodesOnceWritten() throws {
        let model = """
            struct Quote: Decodable {
                let price: Double

                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    price = try c.decode(Double.self, forKey: .price)
                }

                enum CodingKeys: String, CodingKey { case price }
            }

            """
        let dir = try Self.folder(payload: #"{"price": "12.5"}"#, model: model)
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = ["fix", "payload.json", "--model", "Models.swift", "--type", "Quote"]
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(try FixCommandTests.run(request + ["--format", "json"], in: dir).out.utf8))
                as? [[String: Any]])
        let fix = try #require(
            listed.first { ($0["title"] as? String)?.hasPrefix("Read `price` as Double or as text") == true }, "\(listed)")
        #expect(fix["decodes"] as? Bool == true && fix["verifiedBy"] as? String == "compiled")
        #expect((fix["cost"] as? [String: String])?["kind"] == "keepsEveryValue", "\"12.5\" reads back as 12.5")
        let number = try #require(fix["number"] as? Int)
        let applied = try FixCommandTests.run(request + ["--apply", "\(number)"], in: dir)
        #expect(applied.status == 0, "\(applied.err)")
        let check = try FixCommandTests.run(["check", "payload.json", "--model", "Models.swift", "--type", "Quote"], in: dir)
        #expect(check.status == 0, "Foundation decodes the payload with the written model: \(check.out)")
    }

    /// Foundation says "not valid JSON" at the root for a number that does not fit (here behind a
    /// wrapper): compiled mode puts the error on the number, as schema mode does, says why it does
    /// not fit and where Foundation's words point (issue 36).
    @Test func compiledModeLocatesANumberThatDoesNotFitWhereFoundationLostThePlace() throws {
        let model = """
            @propertyWrapper
            struct W<T: Decodable>: Decodable {
                var wrappedValue: T
                init(from decoder: any Decoder) throws {
                    wrappedValue = try decoder.singleValueContainer().decode(T.self)
                }
            }

            struct P: Decodable {
                let name: String
                @W var cdi: Int?
            }

            """
        let dir = try Self.folder(payload: "{\"name\": \"a\",\n \"cdi\": 3.4}\n", model: model)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try FixCommandTests.run(["check", "payload.json", "--model", "Models.swift", "--type", "P", "--no-fixes"], in: dir)
        #expect(result.status == 1)
        #expect(result.out.hasPrefix("payload.json:2:9: error: dataCorrupted: The given data was not valid JSON."), "\(result.out)")
        #expect(result.out.contains("  why:      3.4 has a fractional part; Int holds whole numbers only"), "\(result.out)")
        #expect(
            result.out.contains(
                "  really:   the JSON is valid: Foundation reports a number that does not fit its type as \"The given data was not valid JSON.\" with an empty codingPath; the number is at $.cdi"
            ), "\(result.out)")
    }
}

import Foundation
import TestSupport
import Testing

/// Compiled mode at parity with schema mode where the model is synthesized and only the app's
/// decoder (`--decoder`) sends it to compiled mode: the same payload and model checked both ways
/// get the same first fix and the same "decodes, but" warning, and the compiled fix, once written,
/// makes Foundation decode with the app's decoder (a program of its own).
@Suite(.serialized) struct CompiledParityTests {
    static func model(dates: String) -> String {
        """
        import Foundation

        struct Reading: Decodable {
            let price: Double
            let at: Date
        }

        func makeDecoder() -> JSONDecoder {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = \(dates)
            return decoder
        }

        """
    }

    static let compiled = ["--model", "Models.swift", "--type", "[Reading]", "--decoder", "makeDecoder()"]

    /// What `main` prints, compiled with Models.swift as it is in `dir` (a program of its own).
    static func run(main: String, in dir: URL) throws -> String {
        try main.write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let build = try Swiftc.run(["-module-name", "Oracle", "-o", "oracle", "main.swift", "Models.swift"], in: dir)
        guard build.status == 0 else { return "does not compile: \(build.output)" }
        return try ProcessRunner.run(dir.appendingPathComponent("oracle"), [], in: dir).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// Foundation's verdict with `makeDecoder()` as written in `dir`: "ok" or the error.
    static func foundation(in dir: URL) throws -> String {
        let main = """
            import Foundation
            let data = try! Data(contentsOf: URL(fileURLWithPath: "payload.json"))
            do { _ = try makeDecoder().decode([Reading].self, from: data); print("ok") } catch { print("error: \\(error)") }

            """
        return try Self.run(main: main, in: dir)
    }

    @Test func aSynthesizedTypeGetsSchemaModesFirstFixVerifiedCompiledAndItDecodesOnceWritten() throws {
        let payload = #"[{"price": 12.0, "at": "2024-03-05T10:00:00Z"}, {"price": "12.5", "at": "2024-03-06T10:00:00Z"}]"#
        let dir = try CheckTeachingTests.folder(payload: payload, model: Self.model(dates: ".iso8601"))
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.foundation(in: dir).hasPrefix("error:"))

        let schema = try CheckTeachingTests.listed(
            ["fix", "payload.json", "--model", "Models.swift", "--type", "[Reading]", "--date-strategy", "iso8601"], in: dir)
        let listed = try CheckTeachingTests.listed(["fix", "payload.json"] + Self.compiled, in: dir)
        let first = try #require(listed.first, "compiled mode offers a fix for the synthesized Reading")
        #expect(first["verifiedBy"] as? String == "compiled", "\(first)")
        #expect(first["title"] as? String == schema.first?["title"] as? String, "the same first fix as schema mode: \(listed) \(schema)")
        #expect((first["cost"] as? [String: String])?["kind"] == (schema.first?["cost"] as? [String: String])?["kind"])

        let applied = try FixCommandTests.run(["fix", "payload.json"] + Self.compiled + ["--apply", "1"], in: dir)
        #expect(applied.status == 0, "\(applied.out)\(applied.err)")
        #expect(try Self.foundation(in: dir) == "ok", "Foundation decodes with the app's decoder and the written fix")
    }

    @Test func aDateTheAppsDecoderReadsIntoAnImplausibleYearWarnsAsInSchemaMode() throws {
        let payload = "[{\"price\": 1.0, \"at\": 1709632800000},\n {\"price\": 2.0, \"at\": 1709719200000}]"
        let dir = try CheckTeachingTests.folder(payload: payload, model: Self.model(dates: ".secondsSince1970"))
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.foundation(in: dir) == "ok")

        let compiled = try FixCommandTests.run(["check", "payload.json"] + Self.compiled, in: dir)
        let schema = try FixCommandTests.run(
            ["check", "payload.json", "--model", "Models.swift", "--type", "[Reading]", "--date-strategy", "seconds"], in: dir)
        #expect(compiled.status == 0 && schema.status == 0, "a warning never changes the verdict")
        let warning = { (out: String) in out.split(separator: "\n").first { $0.contains("warning: decodes, but") }.map(String.init) }
        #expect(
            warning(compiled.out)?.hasPrefix("payload.json:1:23: warning: decodes, but: `at` 1709632800000 decodes with .secondsSince1970")
                == true, "\(compiled.out)")
        #expect(warning(compiled.out) == warning(schema.out), "the same words as schema mode")

        let json = try CheckTeachingTests.json(
            try FixCommandTests.run(["check", "payload.json"] + Self.compiled + ["--format", "json"], in: dir).out)
        let found = try #require((json["warnings"] as? [[String: Any]])?.first, "\(json)")
        #expect(found["kind"] as? String == "implausibleDate" && found["path"] as? String == "$[0].at" && found["count"] as? Int == 2)
    }

    @Test func aHandWrittenInitWhoseDatesLandInAnImplausibleYearWarnsAtTheNumberItRead() throws {
        let model = """
            import Foundation

            struct Ping: Decodable {
                let at: Date

                enum CodingKeys: String, CodingKey { case ts }

                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    at = Date(timeIntervalSince1970: try c.decode(Double.self, forKey: .ts))
                }
            }

            """
        let dir = try CheckTeachingTests.folder(payload: #"{"ts": 1709632800000}"#, model: model)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try FixCommandTests.run(["check", "payload.json", "--model", "Models.swift", "--type", "Ping"], in: dir)
        #expect(result.status == 0)
        #expect(
            result.out.contains("payload.json:1:8: warning: decodes, but: `at` 1709632800000 decodes with .secondsSince1970"),
            "\(result.out)")
        #expect(result.out.contains(".millisecondsSince1970 would fit"), "\(result.out)")
        let fine = try CheckTeachingTests.folder(payload: #"{"ts": 1709632800}"#, model: model)
        defer { try? FileManager.default.removeItem(at: fine) }
        let plausible = try FixCommandTests.run(["check", "payload.json", "--model", "Models.swift", "--type", "Ping"], in: fine)
        #expect(plausible.status == 0 && !plausible.out.contains("warning"), "\(plausible.out)")
    }

    @Test func aRawValueTheEnumLacksGetsSchemaModesFixesInTheirOrder() throws {
        let model =
            Self.model(dates: ".iso8601").replacingOccurrences(
                of: "    let price: Double\n", with: "    let price: Double\n    let status: Status\n")
            + "enum Status: String, Decodable { case open, closed }\n"
        let payload = #"[{"price": 1.0, "status": "pending", "at": "2024-03-05T10:00:00Z"}]"#
        let dir = try CheckTeachingTests.folder(payload: payload, model: model)
        defer { try? FileManager.default.removeItem(at: dir) }
        let schema = try CheckTeachingTests.listed(
            ["fix", "payload.json", "--model", "Models.swift", "--type", "[Reading]", "--date-strategy", "iso8601"], in: dir)
        let compiled = try CheckTeachingTests.listed(["fix", "payload.json"] + Self.compiled, in: dir)
        #expect(schema.compactMap { $0["kind"] as? String }.contains("unknownCase"), "\(schema)")
        #expect(compiled.compactMap { $0["title"] as? String } == schema.compactMap { $0["title"] as? String })
        #expect(compiled.allSatisfy { $0["verifiedBy"] as? String == "compiled" })
        let check = try FixCommandTests.run(["check", "payload.json"] + Self.compiled + ["--no-fixes"], in: dir)
        #expect(check.out.contains(#"expected: one of Status's raw values: "open", "closed""#), "\(check.out)")
    }

    /// `Config` read by a hand-written `init(from:)` (compiled mode), or synthesized (schema mode).
    static func config(handWritten: Bool) -> String {
        let initializer = """

                enum CodingKeys: String, CodingKey { case name, baseURL }

                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    name = try c.decode(String.self, forKey: .name)
                    baseURL = try c.decodeIfPresent(String.self, forKey: .baseURL)
                }
            """
        return "struct Config: Decodable {\n    let name: String\n    let baseURL: String?\n\(handWritten ? initializer : "")}\n"
    }

    /// What the real model decodes from `payload.json` as `[Config]`: each `baseURL`, or "nil".
    static func baseURLs(in dir: URL) throws -> String {
        let main = """
            import Foundation
            let data = try! Data(contentsOf: URL(fileURLWithPath: "payload.json"))
            let configs = try! JSONDecoder().decode([Config].self, from: data)
            print(configs.map { $0.baseURL ?? "nil" }.joined(separator: " "))

            """
        return try Self.run(main: main, in: dir)
    }

    @Test func aHandWrittenOptionalThatIsAlwaysNilWhileTheObjectsSendANearKeyWarnsAsInSchemaMode() throws {
        let payload = "[{\"name\": \"a\", \"base_url\": \"https://a.example\"},\n {\"name\": \"b\", \"base_url\": \"https://b.example\"}]"
        let dir = try CheckTeachingTests.folder(payload: payload, model: Self.config(handWritten: true))
        defer { try? FileManager.default.removeItem(at: dir) }
        let twin = try CheckTeachingTests.folder(payload: payload, model: Self.config(handWritten: false))
        defer { try? FileManager.default.removeItem(at: twin) }
        #expect(try Self.baseURLs(in: dir) == "nil nil", "the app's own code decodes every baseURL as nil")

        let request = ["check", "payload.json", "--model", "Models.swift", "--type", "[Config]"]
        let compiled = try FixCommandTests.run(request, in: dir)
        let schema = try FixCommandTests.run(request, in: twin)
        #expect(compiled.status == 0 && schema.status == 0, "a warning never changes the verdict: \(compiled.out)")
        #expect(compiled.out.contains("compiled mode"), "\(compiled.out)")
        let warning = { (out: String) in out.split(separator: "\n").first { $0.contains("warning: decodes, but") }.map(String.init) }
        #expect(
            warning(compiled.out)
                == #"payload.json:1:2: warning: decodes, but: `baseURL` of Config is always nil: the payload never sends "baseURL", but sends "base_url" in 2 objects"#,
            "\(compiled.out)")
        #expect(warning(compiled.out) == warning(schema.out), "the same words as schema mode: \(schema.out)")

        let json = try CheckTeachingTests.json(try FixCommandTests.run(request + ["--format", "json"], in: dir).out)
        #expect(json["ok"] as? Bool == true)
        let found = try #require((json["warnings"] as? [[String: Any]])?.first, "\(json)")
        #expect(found["kind"] as? String == "alwaysNil" && found["path"] as? String == "$[0]" && found["count"] as? Int == 2)
    }

    @Test func noAlwaysNilWarningWhereTheAppsValueIsNotAlwaysNilOrTheKeyIsSentAsNull() throws {
        let cases = [
            // One object sends the key itself: baseURL is not always nil.
            (#"[{"name": "a", "baseURL": "https://a.example"}, {"name": "b", "base_url": "https://b.example"}]"#, "https://a.example nil"),
            // The key is sent, as null: nil, but not because the payload spells it another way.
            (#"[{"name": "a", "baseURL": null, "base_url": "https://a.example"}]"#, "nil"),
        ]
        for (payload, decoded) in cases {
            let dir = try CheckTeachingTests.folder(payload: payload, model: Self.config(handWritten: true))
            defer { try? FileManager.default.removeItem(at: dir) }
            #expect(try Self.baseURLs(in: dir) == decoded)
            let result = try FixCommandTests.run(["check", "payload.json", "--model", "Models.swift", "--type", "[Config]"], in: dir)
            #expect(result.status == 0 && !result.out.contains("warning"), "\(payload): \(result.out)")
        }
    }
}

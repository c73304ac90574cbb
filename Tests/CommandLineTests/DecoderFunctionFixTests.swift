import Foundation
import TestSupport
import Testing

/// With `--decoder`, the app's decoder is the truth: a key or date strategy fix is the edit of the
/// app's decoder function, compiled and decoded again before it is offered, and written by
/// `fix --apply N`. Held to the real binary and to Foundation: once both fixes are written,
/// `check --decoder` accepts the payload and a program of its own, using the written decoder
/// function with Foundation's `JSONDecoder`, decodes it.
@Suite(.serialized) struct DecoderFunctionFixTests {
    static let model = """
        import Foundation

        struct Event: Decodable {
            let repoName: String
            let at: Date

            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                repoName = try c.decode(String.self, forKey: .repoName)
                at = try c.decode(Date.self, forKey: .at)
            }

            enum CodingKeys: String, CodingKey { case repoName, at }
        }

        enum API {
            static func makeDecoder() -> JSONDecoder {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .secondsSince1970
                return decoder
            }
        }

        """

    static let request = ["payload.json", "--model", "Models.swift", "--type", "Event", "--decoder", "API.makeDecoder()"]

    /// The listed fixes (`fix --format json`) and the one of this kind.
    static func fix(ofKind kind: String, in dir: URL) throws -> (number: Int, diff: String) {
        let listed = try FixCommandTests.run(["fix"] + request + ["--format", "json"], in: dir)
        #expect(listed.status == 1, "\(listed.err)")
        let fixes = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]], "\(listed.err)")
        let fix = try #require(fixes.first { $0["kind"] as? String == kind }, "\(fixes.map { $0["title"] ?? "" })")
        #expect(fix["decoderSetting"] == nil, "the setting is written into the app's decoder, not a flag")
        #expect(fix["verifiedBy"] as? String == "compiled")
        return (try #require(fix["number"] as? Int), try #require(fix["diff"] as? String))
    }

    /// Foundation's verdict with the decoder function as written in `dir`, from a program of its own.
    static func foundationDecodes(in dir: URL) throws -> String {
        let main = """
            import Foundation
            let data = try! Data(contentsOf: URL(fileURLWithPath: "payload.json"))
            do { _ = try API.makeDecoder().decode(Event.self, from: data); print("ok") } catch { print("error: \\(error)") }

            """
        try main.write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let build = try Swiftc.run(["-module-name", "Oracle", "-o", "oracle", "main.swift", "Models.swift"], in: dir)
        guard build.status == 0 else { return "does not compile: \(build.output)" }
        return try ProcessRunner.run(dir.appendingPathComponent("oracle"), [], in: dir).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func keyAndDateStrategiesAreWrittenIntoTheAppsDecoderAndThenItDecodes() throws {
        let dir = try CheckTeachingTests.folder(payload: #"{"repo_name": "swift", "at": "2024-03-05T10:00:00Z"}"#, model: Self.model)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.foundationDecodes(in: dir).hasPrefix("error:"), "the payload must fail with the decoder as written")

        // check's hint names the same decoder: the fixes are numbered as that decode found them.
        let hint = try FixCommandTests.run(["check"] + Self.request, in: dir)
        #expect(
            hint.out.contains("--type Event --decoder 'API.makeDecoder()' --apply N"),
            "\(hint.out)")

        let keys = try Self.fix(ofKind: "convertFromSnakeCase", in: dir)
        #expect(keys.diff.contains("+        decoder.keyDecodingStrategy = .convertFromSnakeCase\n"), "\(keys.diff)")
        let appliedKeys = try FixCommandTests.run(["fix"] + Self.request + ["--apply", "\(keys.number)"], in: dir)
        #expect(appliedKeys.status == 0, "\(appliedKeys.err)")

        // Now the key is read, and the date the decoder's .secondsSince1970 cannot read throws.
        let dates = try Self.fix(ofKind: "dateStrategy", in: dir)
        #expect(dates.diff.contains("-        decoder.dateDecodingStrategy = .secondsSince1970\n"), "\(dates.diff)")
        #expect(dates.diff.contains("+        decoder.dateDecodingStrategy = .iso8601\n"), "\(dates.diff)")
        let appliedDates = try FixCommandTests.run(["fix"] + Self.request + ["--apply", "\(dates.number)"], in: dir)
        #expect(appliedDates.status == 0, "\(appliedDates.err)")

        let check = try FixCommandTests.run(["check"] + Self.request, in: dir)
        #expect(check.status == 0, "check --decoder accepts the payload with the written decoder: \(check.out)")
        #expect(try Self.foundationDecodes(in: dir) == "ok")
        let written = try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8)
        #expect(written.components(separatedBy: "dateDecodingStrategy").count == 2, "the old setting was replaced, not doubled")
    }

    /// Issue 36's decoder, a function of one line: the date fix edits its statement in that line.
    @Test func aOneLineDecoderGetsItsDateFixInItsLine() throws {
        let model = """
            import Foundation
            struct User: Codable { let userId: Int; let displayName: String; let lastSeenAt: Date }
            enum API {
                static func makeDecoder() -> JSONDecoder { let d = JSONDecoder(); d.keyDecodingStrategy = .convertFromSnakeCase; d.dateDecodingStrategy = .iso8601; return d }
            }

            """
        let dir = try CheckTeachingTests.folder(
            payload: #"{"user_id": 7, "display_name": "a", "last_seen_at": 1704067200000}"#, model: model)
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = ["payload.json", "--model", "Models.swift", "--type", "User", "--decoder", "API.makeDecoder()"]
        let listed = try FixCommandTests.run(["fix"] + request + ["--format", "json"], in: dir)
        let fixes = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]], "\(listed.err)")
        let fix = try #require(fixes.first { $0["kind"] as? String == "dateStrategy" }, "\(fixes.map { $0["title"] ?? "" })")
        #expect(fix["verifiedBy"] as? String == "compiled" && fix["decodes"] as? Bool == true)
        #expect(
            (fix["diff"] as? String)?.contains(
                "+    static func makeDecoder() -> JSONDecoder { let d = JSONDecoder(); d.keyDecodingStrategy = .convertFromSnakeCase; d.dateDecodingStrategy = .millisecondsSince1970; return d }\n"
            ) == true, "\(fix["diff"] ?? "")")
        let applied = try FixCommandTests.run(["fix"] + request + ["--apply", "\(try #require(fix["number"] as? Int))"], in: dir)
        #expect(applied.status == 0, "\(applied.err)")
        let main = """
            import Foundation
            let data = try! Data(contentsOf: URL(fileURLWithPath: "payload.json"))
            do { _ = try API.makeDecoder().decode(User.self, from: data); print("ok") } catch { print("error: \\(error)") }

            """
        try main.write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let build = try Swiftc.run(["-module-name", "Oracle", "-o", "oracle", "main.swift", "Models.swift"], in: dir)
        try #require(build.status == 0, "\(build.output)")
        #expect(try ProcessRunner.run(dir.appendingPathComponent("oracle"), [], in: dir).stdout.hasPrefix("ok"))
    }
}

import Foundation
import TestSupport
import Testing

/// The tour's scenarios with a hand-written `init(from:)` (`"mode": "compiled"` in scenario.json),
/// which only compiled mode can decide: the real `check` on a copy of each says what Foundation's
/// `JSONDecoder` says (kind, codingPath, debugDescription) from a program compiled here, as
/// scenario.json's `expect` says too, and the first fix `fix --apply 1` writes makes Foundation
/// decode the payload. A scenario with a `decoder` (the app's `makeDecoder()`, which sets `userInfo`
/// or a `.custom` date closure) is checked with `--decoder` and decoded by that decoder.
@Suite struct HandWrittenTourTests {
    struct Scenario: Decodable {
        struct Expect: Decodable {
            var ok: Bool
            var kind: String?
            var codingPath: [PathPart]?
        }
        enum PathPart: Decodable, Equatable {
            case key(String), index(Int)
            init(from decoder: Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let i = try? c.decode(Int.self) { self = .index(i) } else { self = .key(try c.decode(String.self)) }
            }
            init?(_ any: Any) {
                if let i = any as? Int { self = .index(i) } else if let k = any as? String { self = .key(k) } else { return nil }
            }
        }
        var type: String
        var decoder: String?
        var mode: String?
        var expect: Expect
    }

    static let scenarios: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: Repository.samplePayloads.path)) ?? [])
        .filter { $0.first?.isNumber == true }.sorted()
        .filter { name in
            let file = Repository.samplePayloads.appendingPathComponent(name).appendingPathComponent("scenario.json")
            return (try? JSONDecoder().decode(Scenario.self, from: Data(contentsOf: file)))?.mode == "compiled"
        }

    @Test func theTourHasHandWrittenScenarios() {
        #expect(Self.scenarios.count >= 8, "\(Self.scenarios)")
    }

    /// A copy of the scenario's folder: the bundled files are never written.
    static func copy(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hand-written-tour-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for file in ["payload.json", "Models.swift"] {
            try FileManager.default.copyItem(
                at: Repository.samplePayloads.appendingPathComponent(name).appendingPathComponent(file),
                to: dir.appendingPathComponent(file))
        }
        return dir
    }

    /// Foundation's verdict on payload.json with Models.swift as it is in `dir`, as one JSON
    /// object in `check --format json`'s words, from a program of its own.
    static func foundation(_ type: String, decoder: String? = nil, in dir: URL) throws -> [String: Any] {
        let main = """
            import Foundation
            func path(_ keys: [CodingKey]) -> [Any] { keys.map { $0.intValue.map { $0 as Any } ?? $0.stringValue } }
            func report(_ kind: String, _ context: DecodingError.Context) -> [String: Any] {
                ["ok": false, "kind": kind, "codingPath": path(context.codingPath), "debugDescription": context.debugDescription]
            }
            var out: [String: Any] = ["ok": true]
            do { _ = try \(decoder ?? "JSONDecoder()").decode(\(type).self, from: try Data(contentsOf: URL(fileURLWithPath: "payload.json"))) }
            catch DecodingError.keyNotFound(_, let c) { out = report("keyNotFound", c) }
            catch DecodingError.valueNotFound(_, let c) { out = report("valueNotFound", c) }
            catch DecodingError.typeMismatch(_, let c) { out = report("typeMismatch", c) }
            catch DecodingError.dataCorrupted(let c) { out = report("dataCorrupted", c) }
            catch { out = ["ok": false, "kind": "other \\(error)"] }
            print(String(decoding: try JSONSerialization.data(withJSONObject: out), as: UTF8.self))

            """
        try main.write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let build = try Swiftc.run(["-module-name", "Oracle", "-o", "oracle", "main.swift", "Models.swift"], in: dir)
        guard build.status == 0 else { return ["ok": false, "kind": "does not compile: \(build.output)"] }
        let result = try ProcessRunner.run(dir.appendingPathComponent("oracle"), [], in: dir)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    @Test("check decides in compiled mode as Foundation does, and fix 1 makes Foundation decode", arguments: scenarios)
    func checkMatchesFoundationAndTheFirstFixDecodes(_ name: String) throws {
        let scenario = try JSONDecoder().decode(
            Scenario.self, from: Data(contentsOf: Repository.samplePayloads.appendingPathComponent(name + "/scenario.json")))
        let dir = try Self.copy(name)
        defer { try? FileManager.default.removeItem(at: dir) }
        let base =
            ["payload.json", "--model", "Models.swift", "--type", scenario.type] + (scenario.decoder.map { ["--decoder", $0] } ?? [])

        let checked = try ProcessRunner.run(BuiltProduct.codableExplorer, ["check"] + base + ["--format", "json"], in: dir)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any], "\(checked.stderr)")
        #expect(report["mode"] as? String == "compiled", "a hand-written init(from:) is decided by the model's own code")
        let oracle = try Self.foundation(scenario.type, decoder: scenario.decoder, in: dir)
        #expect(report["ok"] as? Bool == oracle["ok"] as? Bool)
        #expect(scenario.expect.ok == false, "a hand-written scenario breaks its init(from:)")
        let error = try #require((report["errors"] as? [[String: Any]])?.first, "\(checked.stdout)")
        #expect(error["kind"] as? String == oracle["kind"] as? String)
        #expect((error["codingPath"] as? NSArray) == (oracle["codingPath"] as? NSArray), "\(String(describing: error["codingPath"]))")
        #expect(error["debugDescription"] as? String == oracle["debugDescription"] as? String)
        // What the tour's ABOUT teaches is what Foundation says.
        #expect(scenario.expect.kind == oracle["kind"] as? String, "\(name): scenario.json's kind")
        #expect(
            scenario.expect.codingPath == (oracle["codingPath"] as? [Any])?.compactMap(Scenario.PathPart.init),
            "\(name): scenario.json's codingPath")

        let fixed = try ProcessRunner.run(BuiltProduct.codableExplorer, ["fix"] + base + ["--apply", "1"], in: dir)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(fixed.stdout.contains("✓ verified (compiled and decoded again): decodes"), "\(fixed.stdout)")
        #expect(
            try Self.foundation(scenario.type, decoder: scenario.decoder, in: dir)["ok"] as? Bool == true,
            "Foundation decodes with fix 1 written")
    }
}

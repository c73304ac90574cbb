import Foundation
import TestSupport
import Testing

/// The app's own decoder (`--decoder`) converting snake_case keys, as most apps decode: every error
/// is located on its node, as the same decode with the strategy flags locates it (issue 36). The
/// runner says its decoder's key strategy, and the coding path (which holds the converted keys) is
/// mapped through it. Foundation's words are the same either way; the tool's own (line, column,
/// `found:`) must be too.
@Suite struct AppDecoderLocationTests {
    static let model = """
        import Foundation
        struct User: Codable { let userId: Int; let displayName: String; let lastSeenAt: Date }
        func makeDecoder() -> JSONDecoder {
            let d = JSONDecoder(); d.keyDecodingStrategy = .convertFromSnakeCase; d.dateDecodingStrategy = .iso8601; return d
        }
        struct AnyKey: CodingKey {
            var stringValue: String; var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { self.stringValue = "Index \\(intValue)"; self.intValue = intValue }
        }
        struct Lenient: Decodable {
            let count: Int
            enum CodingKeys: String, CodingKey { case count }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                count = (try? c.decode(Int.self, forKey: .count)) ?? 0
            }
        }
        /// The app's own closure: its payload's keys carry an `x_` prefix.
        func makePrefixDecoder() -> JSONDecoder {
            let d = JSONDecoder(); d.dateDecodingStrategy = .iso8601
            d.keyDecodingStrategy = .custom { path in
                let key = path.last!
                return key.intValue != nil ? key : AnyKey(stringValue: String(key.stringValue.dropFirst(key.stringValue.hasPrefix("x_") ? 2 : 0)))
            }
            return d
        }

        """

    static func errors(_ payload: String, type: String, _ flags: [String]) throws -> [[String: Any]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-decoder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(payload.utf8).write(to: folder.appendingPathComponent("p.json"))
        try Data(model.utf8).write(to: folder.appendingPathComponent("Models.swift"))
        let result = try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            ["check", "p.json", "--model", "Models.swift", "--type", type, "--format", "json", "--no-fixes"] + flags, in: folder)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["errors"] as? [[String: Any]])
    }

    /// What the tool adds to Foundation's error, which must not depend on how the strategy was given.
    static func located(_ error: [String: Any]) -> String {
        let found = (error["explanation"] as? [String: Any])?["found"] as? String ?? "-"
        return
            "\(error["line"] ?? "-"):\(error["column"] ?? "-") \(error["codingPath"] ?? "-") \(found) \(error["debugDescription"] ?? "-")"
    }

    /// Where an error is and what Foundation said, without the tool's wording.
    static func place(_ error: [String: Any]) -> String {
        "\(error["line"] ?? "-"):\(error["column"] ?? "-") \(error["codingPath"] ?? "-") \(error["debugDescription"] ?? "-")"
    }

    @Test(
        "an error under the app's snake_case decoder is on its node, as with the strategy flags",
        arguments: [
            (#"{"user_id": 7, "display_name": 42, "last_seen_at": "2024-01-01T00:00:00Z"}"#, "User", false),
            (
                #"[{"user_id": 1, "display_name": "a", "last_seen_at": "2024-01-01T00:00:00Z"}, {"user_id": "2", "display_name": "b", "last_seen_at": "2024-01-01T00:00:00Z"}, {"user_id": 3, "last_seen_at": "x"}]"#,
                "[User]", true
            ),
        ])
    func locatedAsWithTheFlags(_ payload: String, _ type: String, _ allErrors: Bool) throws {
        let every = allErrors ? ["--all-errors"] : []
        let app = try Self.errors(payload, type: type, ["--decoder", "makeDecoder()"] + every)
        let flags = ["--key-strategy", "snake-case", "--date-strategy", "iso8601"] + every
        let compiled = try Self.errors(payload, type: type, flags + ["--mode", "compiled"])
        let schema = try Self.errors(payload, type: type, flags + ["--mode", "schema"])
        #expect(!app.isEmpty)
        #expect(app.map(Self.located) == compiled.map(Self.located))
        if allErrors {
            // Schema mode's all-errors goes past a failed field inside an element (compiled mode stops at
            // the element's first error), and words `found:` its own way: the places must agree.
            let places = Set(schema.map(Self.place))
            #expect(app.allSatisfy { places.contains(Self.place($0)) }, "\(app.map(Self.place)) in \(places)")
        } else {
            #expect(app.map(Self.located) == schema.map(Self.located))
        }
        // Never the root object: each error is on a value or the object that lacks the key.
        #expect(app.allSatisfy { ($0["line"] as? Int, $0["column"] as? Int) != (1, 1) || allErrors }, "\(app.map(Self.located))")
    }

    @Test(
        "an error under the app's .custom key closure is on its node: where the same payload without the closure's prefix has it",
        arguments: [
            (#"{"x_userId": 7, "x_displayName": 42, "x_lastSeenAt": "2024-01-01T00:00:00Z"}"#, "User", false),
            (
                #"[{"x_userId": 1, "x_displayName": "a", "x_lastSeenAt": "2024-01-01T00:00:00Z"}, {"x_userId": "2", "x_displayName": "b", "x_lastSeenAt": "2024-01-01T00:00:00Z"}, {"x_userId": 3, "x_lastSeenAt": "x"}]"#,
                "[User]", true
            ),
        ])
    func customKeysLocatedAsWithoutThem(_ payload: String, _ type: String, _ allErrors: Bool) throws {
        let every = allErrors ? ["--all-errors"] : []
        let app = try Self.errors(payload, type: type, ["--decoder", "makePrefixDecoder()"] + every)
        // The same values at the same columns, under the keys the closure makes (`"x_userId": 7` is
        // `"userId":   7`): Foundation's default decoder reads it, and the tool locates it, as the truth.
        let plain = payload.replacingOccurrences(of: #""x_(\w+)": "#, with: #""$1":   "#, options: .regularExpression)
        let truth = try Self.errors(plain, type: type, ["--date-strategy", "iso8601", "--mode", "compiled"] + every)
        #expect(!app.isEmpty)
        // The same place, path and words; `found:` names the keys as each payload spells them.
        #expect(app.map(Self.place) == truth.map(Self.place))
        #expect(app.map(Self.located).map { $0.replacingOccurrences(of: "x_", with: "") } == truth.map(Self.located))
    }

    @Test("an error the model's code caught under the app's .custom key closure is on its node too")
    func caughtUnderCustomKeysIsOnItsNode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-decoder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"x_count": "seven"}"#.utf8).write(to: folder.appendingPathComponent("p.json"))
        try Data(Self.model.utf8).write(to: folder.appendingPathComponent("Models.swift"))
        let result = try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            ["check", "p.json", "--model", "Models.swift", "--type", "Lenient", "--format", "json", "--decoder", "makePrefixDecoder()"],
            in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let caught = try #require((object["caught"] as? [[String: Any]])?.first, "\(result.stdout)")
        // `"seven"` starts at column 13: the value the closure's key `count` reads, not the root object.
        #expect(Self.place(caught) == "1:13 [\"count\"] Expected to decode Int but found a string instead.")
    }
}

import Foundation
import Testing

/// Models whose decoding is the user's own code: `check` never answers for them as if the code were not there.
@Suite struct UninterpretableModelTests {
    static let model = """
        import Foundation

        extension KeyedDecodingContainer {
            func decodeIfPresent(_ type: String.Type, forKey key: K) throws -> String? {
                guard contains(key), let text = try? decode(String.self, forKey: key), !text.isEmpty else { return nil }
                return text
            }
        }

        struct User: Decodable {
            let name: String?
            let age: Int
        }

        struct Visit: Decodable {
            let at: TimeInterval
            let user: Int
        }

        struct Flat: Decodable {
            let count: Int
            enum CodingKeys: String, CodingKey { case elements }
            init(from decoder: Decoder) throws {
                count = try decoder.container(keyedBy: CodingKeys.self).decode([Int].self, forKey: .elements).count
            }
        }

        """

    static func folder(payload: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("uninterpretable-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try model.write(to: dir.appendingPathComponent("Models.swift"), atomically: true, encoding: .utf8)
        try payload.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test("a type decoded through a container overload: compiled mode gives Foundation's answer, schema mode names the overload")
    func containerOverloadIsNamed() throws {
        // JSONDecoder runs the overload, so `{"name": 5, "age": 1}` decodes: a typeMismatch here would be wrong.
        let dir = try Self.folder(payload: #"{"name": 5, "age": 1}"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let auto = try CompiledModeTests.run(
            FixCommandTests.binary.path, ["check", "payload.json", "--model", "Models.swift", "--type", "User"],
            in: dir)
        #expect(auto.status == 0, "\(auto.err)")
        // The overload's `try?` swallowed Foundation's typeMismatch: the ledger says so (issue 39), the verdict stays.
        #expect(
            auto.out == """
                decodes, but: 1 error was caught by your code
                payload.json:1:10: warning: caught: typeMismatch at name: Expected to decode String but found number instead.
                {"name": 5, "age": 1}
                         ^
                note: caught by User.init(from:), in decode(String.self, forKey: "name"): your code chose the value
                  leniency: the code catches the error (a catch block, a helper returning Result) and chooses the value
                  lost:     the number 5 was replaced by the value the code chose
                  strict: no strict edit: no line of the model files was found to have caught it (a container overload, a library's code); make that code throw the error again
                payload.json: ok: User decoded at $ (compiled mode)

                """)
        let result = try FixCommandTests.run(
            ["check", "payload.json", "--model", "Models.swift", "--type", "User", "--mode", "schema"], in: dir)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(
            result.err.contains(
                "User cannot be decoded by the schema engine: Models.swift:11:9: User.name is decoded by the KeyedDecodingContainer overload decodeIfPresent(_: String.Type, …) at Models.swift:4:5"
            ),
            "\(result.err)")
        // Schema mode cannot run the overload's `try?`: said once, with where compiled mode would see it.
        #expect(
            result.err.contains(
                "note: schema mode runs none of the model's code and cannot see the errors it catches (Models.swift:4:5: User.name is decoded by the overload"
            ), "\(result.err)")
        #expect(result.err.components(separatedBy: "(--mode compiled)").count == 2, "\(result.err)")
    }

    @Test("other types of the same file still decode: a hand-written init(from:) with its own keys is not a compile error")
    func otherTypesDecode() throws {
        let dir = try Self.folder(payload: #"{"at": 1.5, "user": 3}"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let visit = try FixCommandTests.run(["check", "payload.json", "--model", "Models.swift", "--type", "Visit"], in: dir)
        #expect(visit.status == 0, "\(visit.err)")
        let flat = try FixCommandTests.run(
            ["check", "payload.json", "--model", "Models.swift", "--type", "Flat", "--mode", "schema"], in: dir)
        #expect(flat.status == 2)
        #expect(flat.err.contains("Flat has a hand-written init(from:)"), "\(flat.err)")
        #expect(!flat.err.contains("does not compile"))
    }
}

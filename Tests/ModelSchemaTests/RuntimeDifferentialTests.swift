import Foundation
import TestSupport
import Testing

@testable import ModelSchema

/// Holds the schema's keys and container calls to the compiled synthesized `init(from:)` run by JSONDecoder.
///
/// For each model, JSON built from the schema must decode; leaving out a key the schema says is read
/// with `decode` must fail with keyNotFound for that key; a wrong-typed value under a key must fail
/// exactly when the schema says the key is read.
@Suite("Differential: schema keys match compiled JSONDecoder behaviour")
struct RuntimeDifferentialTests {
    static let models = """
        struct Renamed: Codable {
            let id: Int; var note: String = ""; let label: String?
            enum CodingKeys: String, CodingKey { case id = "product_id", label = "Label" }
        }
        struct Defaults: Codable { let k = 3; var x = 1; var o: Int? = 4; lazy var l: Int = 2; var d: Double }
        enum Shape: Codable {
            case circle(radius: Double), point, pair(Int, label: String?)
            enum CodingKeys: String, CodingKey { case circle = "Circle", point, pair }
            enum PairCodingKeys: String, CodingKey { case _0 = "first", label }
        }
        enum Status: Int, Codable { case a, b = 10, c }
        """

    /// A JSON value of the given type.
    static func sample(_ type: TypeRef) -> String {
        switch type {
        case .scalar(.string): "\"s\""
        case .scalar(.bool): "true"
        case .scalar: "1"
        case .optional(let t): sample(t)
        case .array(let t), .set(let t): "[\(sample(t))]"
        case .dictionary(_, let v): "{\"k\": \(sample(v))}"
        default: "null"
        }
    }

    static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// Probes and the outcome the schema predicts for each.
    static func probes(_ schema: Schema) -> [(type: String, json: String, expected: String)] {
        var result: [(String, String, String)] = []
        for name in ["Renamed", "Defaults"] {
            let type = schema.types[name]!
            let keyed = type.properties.filter { $0.codingKey != nil }
            let full = keyed.map { ($0.codingKey!.stringValue, $0.type.map(sample) ?? "1") }
            result.append((name, object(full), "ok"))
            for p in keyed {
                let key = p.codingKey!.stringValue
                let without = full.filter { $0.0 != key }
                result.append((name, object(without), p.treatment == .decode ? "keyNotFound \(key)" : "ok"))
                let wrong = full.map { $0.0 == key ? ($0.0, "[[true]]") : $0 }
                result.append((name, object(wrong), p.isDecoded ? "typeMismatch \(key)" : "ok"))
            }
        }
        for c in schema.types["Shape"]!.cases {
            let values = c.associatedValues.compactMap { v in v.codingKey.map { ($0.stringValue, sample(v.type)) } }
            result.append(("Shape", object([(c.codingKey!.stringValue, object(values))]), "ok"))
            for v in c.associatedValues where !v.usesDecodeIfPresent {
                let without = values.filter { $0.0 != v.codingKey!.stringValue }
                result.append(("Shape", object([(c.codingKey!.stringValue, object(without))]), "keyNotFound \(v.codingKey!.stringValue)"))
            }
        }
        for c in schema.types["Status"]!.cases {
            guard case .integer(let raw)? = c.rawValue else { continue }
            result.append(("Status", "\(raw)", "ok"))
        }
        return result
    }

    @Test("compiled models decode the JSON the schema describes, and fail where it says")
    func matchesCompiledDecoder() throws {
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: Self.models)])
        #expect(!schema.hasErrors)
        let probes = Self.probes(schema)
        var main =
            Self.models + """

                func probe<T: Decodable>(_ type: T.Type, _ json: String) {
                    do { _ = try JSONDecoder().decode(T.self, from: Data(json.utf8)); print("ok") }
                    catch DecodingError.keyNotFound(let key, _) { print("keyNotFound \\(key.stringValue)") }
                    catch DecodingError.typeMismatch(_, let context) { print("typeMismatch \\(context.codingPath.last?.stringValue ?? "")") }
                    catch { print("other \\(error)") }
                }

                """
        for p in probes { main += "probe(\(p.type).self, #\"\(p.json)\"#)\n" }
        let (folder, paths) = try Swiftc.write(["main.swift": main])
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try Swiftc.run(["-o", "probe"] + paths, in: folder)
        try #require(build.status == 0, "\(build.output)")
        let run = Process()
        run.executableURL = folder.appendingPathComponent("probe")
        let pipe = Pipe()
        run.standardOutput = pipe
        try run.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == probes.count)
        for (probe, line) in zip(probes, lines) {
            #expect(line == probe.expected, "\(probe.type) \(probe.json)")
        }
    }
}

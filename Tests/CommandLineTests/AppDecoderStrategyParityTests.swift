import Foundation
import TestSupport
import Testing

/// The app's own decoder (`--decoder`) with each date, data and float strategy: a failing payload is
/// answered as the same decode with the equivalent strategy flags answers it, in compiled mode and in
/// schema mode (the location, `found:`, the model property's line, and whether a verified fix
/// decodes), and Foundation's words are Foundation's (swiftc-compiled, the same decoder function).
/// A `.custom` closure has no flag: its error is held to Foundation and located on its value. So is
/// a number that does not fit the app decoder's key-converted property (Foundation says the root).
@Suite(.serialized) struct AppDecoderStrategyParityTests {
    static let model = """
        import Foundation
        struct Event: Codable { let name: String; let at: Date }
        struct Blob: Codable { let name: String; let bytes: Data }
        struct Reading: Codable { let name: String; let value: Double }
        struct Tally: Codable { let name: String; let itemCount: Int? }
        let dayFormatter: DateFormatter = {
            let f = DateFormatter(); f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = "yyyy-MM-dd"; return f
        }()
        func secondsDecoder() -> JSONDecoder { let d = JSONDecoder(); d.dateDecodingStrategy = .secondsSince1970; return d }
        func millisecondsDecoder() -> JSONDecoder { let d = JSONDecoder(); d.dateDecodingStrategy = .millisecondsSince1970; return d }
        func isoDecoder() -> JSONDecoder { let d = JSONDecoder(); d.dateDecodingStrategy = .iso8601; return d }
        func formattedDecoder() -> JSONDecoder { let d = JSONDecoder(); d.dateDecodingStrategy = .formatted(dayFormatter); return d }
        func customDateDecoder() -> JSONDecoder {
            let d = JSONDecoder()
            d.dateDecodingStrategy = .custom { decoder in
                let c = try decoder.singleValueContainer()
                let text = try c.decode(String.self)
                guard let date = dayFormatter.date(from: text) else {
                    throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a day: \\(text)")
                }
                return date
            }
            return d
        }
        func base64Decoder() -> JSONDecoder { let d = JSONDecoder(); d.dataDecodingStrategy = .base64; return d }
        func customDataDecoder() -> JSONDecoder {
            let d = JSONDecoder()
            d.dataDecodingStrategy = .custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) }
            return d
        }
        func snakeDecoder() -> JSONDecoder { let d = JSONDecoder(); d.keyDecodingStrategy = .convertFromSnakeCase; return d }
        func floatDecoder() -> JSONDecoder {
            let d = JSONDecoder()
            d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            return d
        }

        """

    struct Case: Sendable, CustomStringConvertible {
        var decoder: String
        /// The strategy flags that say the same; nil for a `.custom` closure.
        var flags: [String]?
        var type: String
        var payload: String
        /// Where the faulty value is.
        var line: Int
        var column: Int
        var description: String { "\(decoder) \(payload)" }
    }

    static let cases: [Case] = [
        Case(
            decoder: "secondsDecoder()", flags: ["--date-strategy", "seconds"], type: "Event",
            payload: #"{"name": "a", "at": "2024-01-01"}"#, line: 1, column: 21),
        Case(
            decoder: "millisecondsDecoder()", flags: ["--date-strategy", "milliseconds"], type: "Event",
            payload: #"{"name": "a", "at": true}"#, line: 1, column: 21),
        Case(
            decoder: "isoDecoder()", flags: ["--date-strategy", "iso8601"], type: "Event",
            payload: #"{"name": "a", "at": 1704067200000}"#, line: 1, column: 21),
        Case(
            decoder: "isoDecoder()", flags: ["--date-strategy", "iso8601"], type: "Event",
            payload: #"{"name": "a", "at": "01/02/2024"}"#, line: 1, column: 21),
        Case(
            decoder: "formattedDecoder()", flags: ["--date-strategy", "formatted:yyyy-MM-dd"], type: "Event",
            payload: #"{"name": "a", "at": "01/02/2024"}"#, line: 1, column: 21),
        Case(
            decoder: "customDateDecoder()", flags: nil, type: "Event", payload: #"{"name": "a", "at": "01/02/2024"}"#, line: 1,
            column: 21),
        Case(
            decoder: "base64Decoder()", flags: ["--data-strategy", "base64"], type: "Blob",
            payload: #"{"name": "a", "bytes": "%%%"}"#, line: 1, column: 24),
        Case(decoder: "customDataDecoder()", flags: nil, type: "Blob", payload: #"{"name": "a", "bytes": 5}"#, line: 1, column: 24),
        Case(
            decoder: "floatDecoder()", flags: ["--float-strategy", "convert:inf,-inf,nan"], type: "Reading",
            payload: #"{"name": "a", "value": "infinity"}"#, line: 1, column: 24),
        // A number that does not fit: Foundation says "not valid JSON" at the root, both engines the number.
        Case(
            decoder: "snakeDecoder()", flags: ["--key-strategy", "snake-case"], type: "Tally",
            payload: #"{"name": "a", "item_count": 7.5}"#, line: 1, column: 29),
    ]

    static func check(_ c: Case, _ flags: [String]) throws -> [String: Any] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-strategy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(c.payload.utf8).write(to: folder.appendingPathComponent("p.json"))
        try Data(model.utf8).write(to: folder.appendingPathComponent("Models.swift"))
        let result = try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            ["check", "p.json", "--model", "Models.swift", "--type", c.type, "--format", "json", "--fixes"] + flags, in: folder)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        return try #require((object["errors"] as? [[String: Any]])?.first, "\(result.stdout)")
    }

    /// What the tool adds to Foundation's error that must not depend on how the strategy was given:
    /// where, what it found, the model property's line, and whether a verified fix decodes.
    static func taught(_ error: [String: Any]) -> String {
        let explanation = error["explanation"] as? [String: Any]
        let property = error["property"] as? [String: Any]
        let fixes = error["fixes"] as? [[String: Any]] ?? []
        let decodes = fixes.contains { $0["decodes"] as? Bool == true }
        return
            "\(error["line"] ?? "-"):\(error["column"] ?? "-") found: \(explanation?["found"] ?? "-") property: \(property?["declaration"] ?? "-")@\(property?["line"] ?? "-") fix decodes: \(decodes)"
    }

    /// Foundation's answer on each case, with the case's own decoder function.
    static let oracle: Result<[FoundationOracle.Verdict], CompiledModeTests.OracleError> = Result {
        try FoundationOracle.verdicts(
            files: ["Models.swift": model],
            cases: cases.map { FoundationOracle.Case(type: $0.type, payload: .text($0.payload), decoder: $0.decoder) })
    }.mapError { CompiledModeTests.OracleError(text: "\($0)") }

    @Test("each strategy of the app's decoder: Foundation's error, taught as with the strategy flags", arguments: Array(cases.indices))
    func parity(_ index: Int) throws {
        let c = Self.cases[index]
        let truth = try Self.oracle.get()[index]
        let app = try Self.check(c, ["--decoder", c.decoder])
        var mine: [String: Any] = [:]
        for field in ["kind", "key", "debugDescription", "errorType", "codingPath"] { mine[field] = app[field] }
        #expect(try CompiledModeTests.json(mine) == CompiledModeTests.json(CompiledModeTests.comparable(truth)), "\(c)")
        // On the faulty value (or, where Foundation's path stops short of it, its real cause is).
        let cause = app["realCause"] as? [String: Any]
        let at = (cause?["line"] as? Int ?? app["line"] as? Int, cause?["column"] as? Int ?? app["column"] as? Int)
        #expect(at.0 == c.line && at.1 == c.column, "\(c): \(Self.taught(app))")
        guard let flags = c.flags else { return }
        let compiled = try Self.check(c, flags + ["--mode", "compiled"])
        let schema = try Self.check(c, flags + ["--mode", "schema"])
        #expect(Self.taught(app) == Self.taught(compiled), "\(c)")
        #expect(Self.taught(app) == Self.taught(schema), "\(c)")
    }
}

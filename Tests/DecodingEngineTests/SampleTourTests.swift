import Foundation
import JSONTree
import ModelSchema
import TestSupport
import Testing

@testable import DecodingEngine

/// The guided tour in SamplePayloads/: every scenario decodes as its scenario.json says, and the
/// engine reports what the same Models.swift, compiled and run through `JSONDecoder`, reports.
@Suite("SampleTour: the bundled scenarios")
struct SampleTourTests {
    @Test("every scenario folder has its four files and a non-empty ABOUT.md")
    func foldersAreComplete() throws {
        let folders = try SampleTour.folders()
        #expect(folders.first?.lastPathComponent == "01-basics")
        #expect(folders.count >= 20)
        for folder in folders {
            for file in SampleTour.requiredFiles {
                #expect(
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path),
                    "\(folder.lastPathComponent) lacks \(file)")
            }
            let about = (try? String(contentsOf: folder.appendingPathComponent("ABOUT.md"), encoding: .utf8)) ?? ""
            let lines = about.split(separator: "\n")
            #expect(lines.first?.hasPrefix("# ") == true, "\(folder.lastPathComponent): ABOUT.md starts with a title line")
            #expect(lines.count >= 2, "\(folder.lastPathComponent): ABOUT.md says what the scenario teaches")
        }
    }

    @Test("every Models.swift compiles on its own")
    func modelsCompileAlone() throws {
        for folder in try SampleTour.folders() {
            let result = try Swiftc.run(["-typecheck", "Models.swift"], in: folder)
            #expect(result.status == 0, "\(folder.lastPathComponent): \(result.output)")
        }
    }

    /// The detours ABOUT.md suggests, and other types and paths into the same payloads.
    static let detours: [(folder: String, type: String, path: String, expect: String, options: String?)] = [
        (
            "05-key-path", "Element", "elements[1].element",
            #"{"ok": false, "kind": "valueNotFound", "codingPath": ["elements", 1, "element", "author"]}"#, nil
        ),
        ("20-generic-envelope", "PageEntity<String>", "", #"{"ok": false, "kind": "typeMismatch", "codingPath": ["results", 0]}"#, nil),
        ("21-number-overflow", "Channel", "channels[1]", #"{"ok": false, "kind": "dataCorrupted", "codingPath": []}"#, nil),
        ("21-number-overflow", "[Channel]", "channels", #"{"ok": false, "kind": "dataCorrupted", "codingPath": []}"#, nil),
        ("22-large-response", "Order", "data[1436]", #"{"ok": true}"#, nil),
        (
            "22-large-response", "Address", "data.1437.shipping_address",
            #"{"ok": false, "kind": "typeMismatch", "codingPath": ["data", 1437, "shippingAddress", "postalCode"]}"#, nil
        ),
        ("09-dates-iso8601", "Event", "events[1]", #"{"ok": true}"#, nil),
        ("12-dates-milliseconds", "Date", "createdAt", #"{"ok": true}"#, nil),
        (
            "15-raw-value-enum", "OrderStatus", "orders[3].status",
            #"{"ok": false, "kind": "dataCorrupted", "codingPath": ["orders", 3, "status"]}"#, nil
        ),
        ("15-raw-value-enum", "[Order]", "orders", #"{"ok": false, "kind": "dataCorrupted", "codingPath": ["orders", 2, "status"]}"#, nil),
        ("07-dynamic-keys", "[String: Sku]", "skus", #"{"ok": true}"#, nil),
        ("07-dynamic-keys", "[String: Int]", "pickupSlots", #"{"ok": true}"#, nil),
        ("19-polymorphic-array", "[Shape]", "shapes", #"{"ok": false, "kind": "typeMismatch", "codingPath": ["shapes", 0]}"#, nil),
        ("16-bool-as-number", "Int", "enabled", #"{"ok": true}"#, nil),
        ("04-nested-collections", "[String: [String: Double]]", "byRoom", #"{"ok": true}"#, nil),
        ("04-nested-collections", "[String: [Alert]]", "alerts", #"{"ok": true}"#, nil),
        ("04-nested-collections", "[Double]", "grid[2]", #"{"ok": false, "kind": "typeMismatch", "codingPath": ["grid", 2, 1]}"#, nil),
        ("14-empty-object-optional", "Address?", "shipping", #"{"ok": false, "kind": "keyNotFound", "codingPath": ["shipping"]}"#, nil),
        ("03-null-vs-missing", "String?", "members[2].email", #"{"ok": true}"#, nil),
        ("03-null-vs-missing", "Member", "members[1]", #"{"ok": true}"#, nil),
        ("18-bad-array-elements", "CartItem", "[4]", #"{"ok": false, "kind": "keyNotFound", "codingPath": [4]}"#, nil),
        ("18-bad-array-elements", "CartItem", "$[5]", #"{"ok": false, "kind": "typeMismatch", "codingPath": [5, "quantity"]}"#, nil),
        // 11-dates-seconds's warning: milliseconds read as seconds decode, some 54,000 years ahead.
        ("12-dates-milliseconds", "Date", "createdAt", #"{"ok": true}"#, #"{"dateStrategy": "seconds"}"#),
        (
            "12-dates-milliseconds", "Transaction", "", #"{"ok": false, "kind": "typeMismatch", "codingPath": ["settledAt"]}"#,
            #"{"dateStrategy": "seconds"}"#
        ),
        ("13-snake-case-acronym", "ServiceConfig", "", #"{"ok": false, "kind": "keyNotFound", "codingPath": []}"#, #"{}"#),
        (
            "22-large-response", "[Order]", "data", #"{"ok": false, "kind": "typeMismatch", "codingPath": ["data", 0, "createdAt"]}"#,
            #"{"keyStrategy": "snake-case"}"#
        ),
    ]

    @Test("other types and paths into the scenarios' payloads: the engine still matches compiled JSONDecoder")
    func detoursMatchFoundation() throws {
        var prepared: [SampleTour.Prepared] = []
        for d in Self.detours {
            var scenario = try SampleTour.Scenario(folder: SampleTour.root.appendingPathComponent(d.folder))
            scenario.file.type = d.type
            scenario.file.path = d.path
            if let options = d.options {
                scenario.file.options = try JSONDecoder().decode(SampleTour.File.Options.self, from: Data(options.utf8))
            }
            scenario.file.expect = try JSONDecoder().decode(SampleTour.File.Expect.self, from: Data(d.expect.utf8))
            scenario.label = "\(d.folder) as \(d.type) at \(d.path.isEmpty ? "$" : d.path)" + (d.options.map { " with \($0)" } ?? "")
            let p = try scenario.prepare()
            prepared.append(p)
            let report = p.report
            #expect(report.failure == nil, "\(scenario.name): \(String(describing: report.failure))")
            #expect(report.ok == scenario.file.expect.ok, "\(scenario.name): \(Harness.line(report))")
            if !scenario.file.expect.ok, let error = report.errors.first {
                if let kind = scenario.file.expect.kind { #expect(error.kind.rawValue == kind, "\(scenario.name)") }
                if let path = scenario.file.expect.codingPath {
                    #expect(error.codingPath == path.map(\.component), "\(scenario.name): \(error.codingPath)")
                }
            }
        }
        let compiled = try SampleTour.compiledResults(prepared)
        #expect(compiled.count == prepared.count, "\(compiled)")
        if let dump = ProcessInfo.processInfo.environment["SAMPLE_TOUR_DUMP"] {
            let lines = zip(prepared, compiled).map { "\($0.scenario.name)\n  engine:   \(Harness.line($0.report))\n  compiled: \($1)" }
            try lines.joined(separator: "\n").write(toFile: dump + ".detours", atomically: true, encoding: .utf8)
        }
        for (p, expected) in zip(prepared, compiled) {
            #expect(Harness.line(p.report) == expected, "\(p.scenario.name): engine and compiled JSONDecoder differ")
        }
    }

    /// `"mode": "compiled"` is honest: exactly the scenarios whose model has a hand-written
    /// `init(from:)`, which the schema engine cannot run (HandWrittenTourTests runs `check` on them).
    @Test("a scenario says compiled mode exactly when its model has a hand-written init(from:)")
    func compiledModeIsSaidExactlyWhereTheCodeIsHandWritten() throws {
        for folder in try SampleTour.folders() {
            let scenario = try SampleTour.Scenario(folder: folder)
            let schema = try Schema.load(paths: [folder.appendingPathComponent("Models.swift").path])
            let handWritten = schema.diagnostics.contains {
                if case .handWrittenInit = $0.kind { return true } else { return false }
            }
            #expect(scenario.isCompiled == handWritten, "\(scenario.name): mode \(scenario.file.mode ?? "schema")")
        }
        #expect(try SampleTour.schemaScenarios().count >= 22)
    }

    @Test("each scenario gives scenario.json's verdict, and the compiled models decoded by JSONDecoder agree")
    func scenariosMatchExpectationsAndFoundation() throws {
        let scenarios = try SampleTour.schemaScenarios()
        var prepared: [SampleTour.Prepared] = []
        for scenario in scenarios {
            let p = try scenario.prepare()
            prepared.append(p)
            let report = p.report
            let name = scenario.name
            #expect(report.failure == nil, "\(name): \(String(describing: report.failure))")
            #expect(report.ok == scenario.file.expect.ok, "\(name): \(Harness.line(report))")
            if !scenario.file.expect.ok, let error = report.errors.first {
                if let kind = scenario.file.expect.kind { #expect(error.kind.rawValue == kind, "\(name)") }
                if let path = scenario.file.expect.codingPath {
                    #expect(error.codingPath == path.map(\.component), "\(name): \(error.codingPath)")
                }
            }
        }
        let compiled = try SampleTour.compiledResults(prepared)
        if let dump = ProcessInfo.processInfo.environment["SAMPLE_TOUR_DUMP"] {
            let lines = zip(prepared, compiled).map { "\($0.scenario.name)\n  engine:   \(Harness.line($0.report))\n  compiled: \($1)" }
            try lines.joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8)
        }
        #expect(compiled.count == prepared.count, "\(compiled)")
        for (p, expected) in zip(prepared, compiled) {
            #expect(Harness.line(p.report) == expected, "\(p.scenario.name): engine and compiled JSONDecoder differ")
        }
    }
}

enum SampleTour {
    static let requiredFiles = ["payload.json", "Models.swift", "ABOUT.md", "scenario.json"]

    static var root: URL { Repository.samplePayloads }

    /// The numbered scenario folders, in order.
    static func folders() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.first?.isNumber == true }
            .sorted()
            .map { root.appendingPathComponent($0) }
    }

    /// The scenarios the schema engine decides: all but those with a hand-written `init(from:)`.
    static func schemaScenarios() throws -> [Scenario] {
        try folders().map(Scenario.init(folder:)).filter { !$0.isCompiled }
    }

    /// scenario.json.
    struct File: Decodable {
        struct Options: Decodable {
            var keyStrategy: String?
            var dateStrategy: String?
            var dataStrategy: String?
            var json5: Bool?
        }
        struct Expect: Decodable {
            var ok: Bool
            var kind: String?
            var codingPath: [Step]?
        }
        enum Step: Decodable {
            case key(String), index(Int)
            init(from decoder: Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let i = try? c.decode(Int.self) { self = .index(i) } else { self = .key(try c.decode(String.self)) }
            }
            var component: PathComponent {
                switch self {
                case .key(let k): .key(k)
                case .index(let i): .index(i)
                }
            }
        }
        var type: String
        var path: String?
        var options: Options?
        /// "compiled" for a hand-written `init(from:)`; nil: the schema engine decides.
        var mode: String?
        var expect: Expect
    }

    struct Scenario {
        var folder: URL
        var file: File
        var label: String?
        var name: String { label ?? folder.lastPathComponent }
        var isCompiled: Bool { file.mode == "compiled" }

        init(folder: URL) throws {
            self.folder = folder
            file = try JSONDecoder().decode(File.self, from: Data(contentsOf: folder.appendingPathComponent("scenario.json")))
        }

        var options: DecodeOptions {
            get throws {
                var options = DecodeOptions(allowsJSON5: file.options?.json5 ?? false)
                switch file.options?.keyStrategy ?? "default" {
                case "default": options.keys = .useDefaultKeys
                case "snake-case": options.keys = .convertFromSnakeCase
                case let other: throw Problem("\(name): key strategy \(other)")
                }
                switch file.options?.dateStrategy ?? "deferred" {
                case "deferred": options.dates = .deferredToDate
                case "iso8601": options.dates = .iso8601
                case "seconds": options.dates = .secondsSince1970
                case "milliseconds": options.dates = .millisecondsSince1970
                case let s where s.hasPrefix("formatted:"): options.dates = .formatted(String(s.dropFirst("formatted:".count)))
                case let other: throw Problem("\(name): date strategy \(other)")
                }
                switch file.options?.dataStrategy ?? "base64" {
                case "base64": options.data = .base64
                case "deferred": options.data = .deferredToData
                case let other: throw Problem("\(name): data strategy \(other)")
                }
                return options
            }
        }

        /// Decodes the scenario as `check` does: load the model, resolve the type, walk to the path's node.
        func prepare() throws -> Prepared {
            let schema = try Schema.load(paths: [folder.appendingPathComponent("Models.swift").path])
            if let problem = schema.diagnostics.first(where: { $0.severity == .error }) { throw Problem("\(name): \(problem)") }
            let type = try schema.resolve(file.type)
            let options = try options
            let path = try NodePath(parsing: file.path ?? "")
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("payload.json")))
            let tree = try JSONTree.parse(bytes, options: .init(json5: options.allowsJSON5, detectsDuplicateKeys: false))
            let node = try path.resolve(in: tree).get()
            let engine = DecodingEngine(schema: schema)
            let report = engine.decode(type, payload: bytes, tree: tree, at: node, options: options)
            let walk = CodingPathResolver.components(to: node, in: tree)
            return Prepared(
                scenario: self, report: report,
                harness: DifferentialCase(name: name, type: file.type, payload: "", options: options, path: walk))
        }
    }

    struct Prepared {
        var scenario: Scenario
        var report: DecodeReport
        var harness: DifferentialCase
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// One program for all scenarios: each Models.swift in its own namespace (an enum), so the
    /// scenarios' type names do not collide; `String(describing:)` of a nested type is its
    /// own name, so every message reads as it does for the file compiled on its own.
    static func compiledResults(_ scenarios: [Prepared]) throws -> [String] {
        var files: [String: String] = [:]
        var cases: [FoundationOracle.Case] = []
        for (i, p) in scenarios.enumerated() {
            let models = try String(contentsOf: p.scenario.folder.appendingPathComponent("Models.swift"), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("import ") }
                .joined(separator: "\n")
            files["Scenario\(i).swift"] = "import Foundation\nenum Scenario\(i) {\n\(models)\n}\n"
            var c = p.harness.oracleCase
            c.type = p.scenario.file.type
            c.payload = .file(p.scenario.folder.appendingPathComponent("payload.json"))
            c.namespace = "Scenario\(i)"
            cases.append(c)
        }
        return try FoundationOracle.verdicts(files: files, cases: cases, flags: ["-Onone"]).map(\.line)
    }
}

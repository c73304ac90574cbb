import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree
import Teaching
import TestSupport
import Testing

/// Compiled mode through the one decode job and the one worker: the child chooses the way
/// (auto), decodes with the model's own compiled code, and answers with the same typed replies
/// as schema mode: a located verdict, the value on demand, swiftc's diagnostics as a typed failure.
@Suite(.serialized) struct CompiledWorkerTests {
    static func folder(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-worker-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir
    }

    static func client() -> DecodeClient { FixCommandTests.worker }

    static func job(_ dir: URL, type: String, mode: DecodeJob.Mode = .auto, model: String = "HandWritten.swift") -> DecodeJob {
        DecodeJob(
            payloadPath: dir.appendingPathComponent("payload.json").path, modelPaths: [dir.appendingPathComponent(model).path],
            typeExpression: type, mode: mode, teaching: .fixes, value: .tree)
    }

    static var handWritten: String {
        get throws { try String(contentsOf: CompiledModeTests.fixtures.appendingPathComponent("HandWritten.swift"), encoding: .utf8) }
    }

    @Test("auto: a hand-written init(from:) is decided by its compiled code, its error located on its node, fixes edit its code")
    func autoCompiles() throws {
        let payload = #"{"id": 1, "profile": {"name": "A", "address": {"town": "B"}}}"#
        let dir = try Self.folder(["payload.json": payload, "HandWritten.swift": try Self.handWritten])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = Self.client().run(Self.job(dir, type: "Flattened"))
        let facts = try #require(run.facts, "\(String(describing: run.failure))")
        #expect(facts.mode == .compiled)
        #expect(facts.modeReason?.contains("Flattened has a hand-written init(from:)") == true)
        let report = try #require(run.report)
        let error = try #require(report.errors.first)
        #expect(error.kind == .keyNotFound)
        #expect(error.key == "city")
        let tree = try JSONTree.parse(Array(payload.utf8))
        // keyNotFound is located on the object that lacks the key: profile.address.
        let address = try #require(try? NodePath(parsing: "profile.address").resolve(in: tree).get())
        #expect(error.node == address)
        #expect(error.location == tree.location(address))
        // The explorer's job (value: .tree) is traced: the keys read and the key missing, as in schema mode.
        #expect(report.missingKeys[address]?.map(\.key) == ["city"])
        let name = try #require(try? NodePath(parsing: "profile.name").resolve(in: tree).get())
        #expect(report.nodeStatus[name] == .read)
        // The teaching: the line that threw, and fixes there compiled and decoded again.
        let teaching = try #require(run.teaching)
        #expect(teaching.lessons.count == 1)
        #expect(teaching.lessons[0].explanation.expected.contains("HandWritten.swift:22:"), "\(teaching.lessons[0].explanation)")
        #expect(teaching.fixes(forError: 0).map(\.kind) == [.decodeIfPresentAtCall, .defaultAtCall])
        #expect(teaching.fixes.allSatisfy { $0.verdict == .decodes(.compiled) })
        #expect(run.failure == nil)
    }

    @Test("auto: a synthesized type of the same folder stays with the schema engine; compiled mode gives the same verdict and value")
    func schemaWhereExact() throws {
        let payload = #"{"title": "t", "published_at": 3}"#
        let dir = try Self.folder(["payload.json": payload, "HandWritten.swift": try Self.handWritten])
        defer { try? FileManager.default.removeItem(at: dir) }
        let schema = Self.client().run(Self.job(dir, type: "Badge"))
        #expect(schema.facts?.mode == .schema)
        let compiled = Self.client().run(Self.job(dir, type: "Badge", mode: .compiled))
        #expect(compiled.facts?.mode == .compiled)
        #expect(compiled.facts?.modeReason == "--mode compiled")
        let a = try #require(schema.report), b = try #require(compiled.report)
        #expect(a.errors.map(\.kind) == b.errors.map(\.kind))
        #expect(a.errors.map(\.node) == b.errors.map(\.node))
        #expect(a.errors.map(\.debugDescription) == b.errors.map(\.debugDescription))
    }

    @Test("a model swiftc rejects is a typed failure carrying swiftc's own diagnostics, file:line:col")
    func doesNotCompile() throws {
        let model =
            "import Foundation\n\nstruct A: Decodable {\n    let x: Prodcut\n    init(from decoder: Decoder) throws { fatalError() }\n}\n"
        let dir = try Self.folder(["payload.json": "{}", "Models.swift": model])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = Self.client().run(Self.job(dir, type: "A", mode: .compiled, model: "Models.swift"))
        #expect(run.report == nil)
        guard case .doesNotCompile(let diagnostics) = run.failure else {
            Issue.record("ended with \(String(describing: run.failure)), not .doesNotCompile")
            return
        }
        let first = try #require(diagnostics.first)
        #expect(first.file.hasSuffix("Models.swift"))
        #expect(first.line == 4)
        #expect(first.column == 12)
        #expect(first.message.contains("Prodcut"))
    }
}

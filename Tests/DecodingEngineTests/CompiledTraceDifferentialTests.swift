import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodingEngine

/// The runner's tracing decoder never changes what Foundation says: every case of the synthesized
/// corpus and of the hand-written one gives the same verdict, coding path, debugDescription, error
/// type and value traced as untraced. And the trace gives the keys read, ignored and missing.
@Suite("Differential: compiled mode traced matches compiled mode untraced", .serialized)
struct CompiledTraceDifferentialTests {
    static func line(_ report: DecodeReport) -> String {
        Harness.line(report) + (report.errors.first?.errorType.map { " errorType=\($0)" } ?? "")
    }

    @Test("every synthesized differential case: the same answer traced and untraced")
    func synthesizedCorpus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-trace-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let modelPath = folder.appendingPathComponent("Models.swift").path
        let text = "import Foundation\n" + Fixtures.models
        try text.write(toFile: modelPath, atomically: true, encoding: .utf8)
        let cases = DifferentialTests.cases
        var types: [String] = []
        for c in cases where !types.contains(c.type) { types.append(c.type) }
        let compiled = CompiledDecoder(
            models: [ModelSource(path: modelPath, text: text)], typeExpressions: types,
            cacheFolder: folder.appendingPathComponent("cache"))
        var traced = 0
        for (i, c) in cases.enumerated() {
            let bytes = Array(c.payload.utf8)
            let payloadPath = folder.appendingPathComponent("payload-\(i).json").path
            try Data(bytes).write(to: URL(fileURLWithPath: payloadPath))
            let tree = try? JSONTree.parse(bytes, options: .init(json5: c.options.allowsJSON5, detectsDuplicateKeys: false))
            var node: NodeID?
            if let tree, !c.path.isEmpty {
                var resolver = CodingPathResolver(tree: tree, keys: .useDefaultKeys)
                node = resolver.resolve(c.path, from: tree.root).node
            }
            let plain = try compiled.decode(c.type, payloadPath: payloadPath, tree: tree, at: node, options: c.options)
            let withTrace = try compiled.decode(c.type, payloadPath: payloadPath, tree: tree, at: node, options: c.options, traces: true)
            #expect(Self.line(withTrace) == Self.line(plain), "\(c.name)")
            #expect(withTrace.errors.map(\.node) == plain.errors.map(\.node), "\(c.name)")
            if tree != nil, !withTrace.nodeStatus.isEmpty { traced += 1 }
        }
        #expect(traced > cases.count / 2, "the trace marks nodes on most cases")
    }

    static let fixtures: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures/compiled-mode")
    }()

    /// The hand-written corpus (Tests/Fixtures/compiled-mode/HandWritten.swift): nested containers opened by
    /// hand, a type field, dates parsed by hand, property wrappers, container overloads, generic wrappers,
    /// errors swallowed by `try?`, the app's own decoder.
    static let handWrittenCases: [(type: String, payload: String, decoder: String?)] = [
        ("Flattened", #"{"id": 1, "extra": true, "profile": {"name": "A", "address": {"city": "B"}}}"#, nil),
        ("Flattened", #"{"id": 1, "profile": {"name": "A", "address": {"town": "B"}}}"#, nil),
        ("Flattened", #"{"id": 1, "profile": {"name": "A", "address": {"city": 5}}}"#, nil),
        ("Flattened", #"{"id": null, "profile": {}}"#, nil),
        ("Zoo", #"{"animals": [{"type": "dog", "barks": 3}, {"type": "cat", "lives": 9}]}"#, nil),
        ("Zoo", #"{"animals": [{"type": "dog", "barks": 3}, {"type": "cow"}]}"#, nil),
        ("Zoo", #"{"animals": [{"type": "cat", "lives": "nine"}]}"#, nil),
        ("Timeline", #"["2024-01-02", "2024-02-30x"]"#, nil),
        ("Timeline", #"["2024-01-02", 7]"#, nil),
        ("Timeline", #"["2024-01-02", "2024-03-04"]"#, nil),
        ("Listing", #"{"prices": [1, "two", 3], "nickname": "  "}"#, nil),
        ("Listing", #"{"prices": {}, "nickname": "Al"}"#, nil),
        ("Listing", #"{"prices": [], "nickname": 4}"#, nil),
        ("Quote", #"{"price": "1.5", "volume": "20"}"#, nil),
        ("Quote", #"{"price": "1.5", "volume": "2.0"}"#, nil),
        ("[Member]", #"[{"name": "a", "badge": {}}, {"name": "b", "badge": {"label": "x"}}]"#, nil),
        ("[Member]", #"[{"name": "a", "badge": {"text": "x"}}]"#, nil),
        ("Sandwich", #"{"spice": 3, "note": 5}"#, nil),
        ("Sandwich", #"{"spice": 9}"#, nil),
        ("Post", #"{"title": "t", "published_at": "day 3"}"#, "makeDecoder()"),
        ("Post", #"{"title": "t", "published_at": "2024-01-01"}"#, "makeDecoder()"),
        ("[Post]", #"[{"title": "t", "published_at": "day 1"}, {"title": "u"}]"#, "makeDecoder()"),
    ]

    @Test("every hand-written case: the same answer traced and untraced, the app's decoder included")
    func handWrittenCorpus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-trace-hw-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let modelPath = folder.appendingPathComponent("HandWritten.swift").path
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("HandWritten.swift"), encoding: .utf8)
        try text.write(toFile: modelPath, atomically: true, encoding: .utf8)
        let models = [ModelSource(path: modelPath, text: text)]
        let cache = folder.appendingPathComponent("cache")
        let plainTypes = Array(Set(Self.handWrittenCases.filter { $0.decoder == nil }.map(\.type))).sorted()
        let appTypes = Array(Set(Self.handWrittenCases.filter { $0.decoder != nil }.map(\.type))).sorted()
        let plainDecoder = CompiledDecoder(models: models, typeExpressions: plainTypes, cacheFolder: cache)
        let appDecoder = CompiledDecoder(models: models, typeExpressions: appTypes, decoderExpression: "makeDecoder()", cacheFolder: cache)
        for (i, c) in Self.handWrittenCases.enumerated() {
            let bytes = Array(c.payload.utf8)
            let payloadPath = folder.appendingPathComponent("payload-\(i).json").path
            try Data(bytes).write(to: URL(fileURLWithPath: payloadPath))
            let tree = try JSONTree.parse(bytes)
            let decoder = c.decoder == nil ? plainDecoder : appDecoder
            let plain = try decoder.decode(c.type, payloadPath: payloadPath, tree: tree, options: DecodeOptions())
            let withTrace = try decoder.decode(c.type, payloadPath: payloadPath, tree: tree, options: DecodeOptions(), traces: true)
            #expect(Self.line(withTrace) == Self.line(plain), "\(c.type) \(c.payload)")
            #expect(withTrace.value == plain.value, "\(c.type) \(c.payload)")
        }
    }

    @Test("a hand-written init(from:) with nested containers: the keys it read, the key it ignored, the key it lacks")
    func keysReadIgnoredMissing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-trace-keys-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let modelPath = folder.appendingPathComponent("HandWritten.swift").path
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("HandWritten.swift"), encoding: .utf8)
        try text.write(toFile: modelPath, atomically: true, encoding: .utf8)
        let decoder = CompiledDecoder(
            models: [ModelSource(path: modelPath, text: text)], typeExpressions: ["Flattened"],
            cacheFolder: folder.appendingPathComponent("cache"))
        let payload = #"{"id": 1, "extra": true, "profile": {"name": "A", "nick": "x", "address": {"town": "B"}}}"#
        let payloadPath = folder.appendingPathComponent("payload.json").path
        try payload.write(toFile: payloadPath, atomically: true, encoding: .utf8)
        let tree = try JSONTree.parse(Array(payload.utf8))
        let report = try decoder.decode("Flattened", payloadPath: payloadPath, tree: tree, options: DecodeOptions(), traces: true)
        func node(_ path: String) throws -> NodeID { try #require(try? NodePath(parsing: path).resolve(in: tree).get()) }
        #expect(report.errors.first?.kind == .keyNotFound)
        #expect(report.nodeStatus[try node("id")] == .read)
        #expect(report.nodeStatus[try node("profile.name")] == .read)
        #expect(report.nodeStatus[try node("extra")] == .ignored)
        #expect(report.nodeStatus[try node("profile.nick")] == .ignored)
        #expect(report.nodeStatus[try node("profile.address.town")] == .ignored)
        #expect(report.missingKeys[try node("profile.address")]?.map(\.key) == ["city"])
    }
}

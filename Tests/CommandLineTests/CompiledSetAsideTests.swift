import Foundation
import JSONTree
import TestSupport
import Testing

/// `check --all-errors` in compiled mode on a root that is no array or dictionary: the payload decoded
/// again with each earlier fault set aside. Every error listed is held to Foundation: the Nth equals what
/// `JSONDecoder` throws (swiftc-compiled model) on the payload with the first N-1 stated edits
/// (`allErrorsSearch.setAside`, made here on the payload's text by their paths), and the copy with every
/// edit decodes. Once for a model with a hand-written leaf type, once for a model `infer` wrote.
@Suite(.serialized) struct CompiledSetAsideTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/compiled-all-errors")

    /// The payload `text` with the first `count` edits of `setAside` made, as check-output.md states them.
    static func copy(_ text: String, edits setAside: [[String: Any]], count: Int) throws -> String {
        var bytes = Array(text.utf8)
        for edit in setAside.prefix(count) {
            let tree = try JSONTree.parse(bytes)
            let path = NodePath(
                try #require(edit["path"] as? [Any]).map { step in
                    (step as? Int).map(NodePath.Component.index) ?? .key(step as? String ?? "")
                })
            let node = try path.resolve(in: tree).get()
            let json = try #require(edit["json"] as? String)
            switch edit["edit"] as? String {
            case "replaced":
                bytes.replaceSubrange(tree.byteRange(node), with: Array(json.utf8))
            case "insertedKey":
                #expect(tree.kind(node) == .object)
                let start = tree.byteRange(node).lowerBound + 1
                let separator = tree.children(node).first { _ in true } == nil ? "" : ", "
                bytes.insert(contentsOf: Array((json + separator).utf8), at: start)
            default:
                Issue.record("unknown edit \(edit)")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs `check --all-errors --format json` on `payload` and holds each error to Foundation on its copy.
    /// Returns the output object.
    @discardableResult
    static func holdToFoundation(
        model: String, modelName: String, type: String, payload: String, extra: [String] = []
    ) throws -> [String: Any] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-set-aside-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try payload.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        try model.write(to: dir.appendingPathComponent(modelName), atomically: true, encoding: .utf8)
        let result = try CompiledModeTests.run(
            FixCommandTests.binary.path,
            ["check", "payload.json", "--model", modelName, "--type", type, "--format", "json", "--all-errors"] + extra, in: dir)
        #expect(result.status == 1, "\(result.err)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
        #expect(output["mode"] as? String == "compiled")
        let errors = try #require(output["errors"] as? [[String: Any]])
        let search = try #require(output["allErrorsSearch"] as? [String: Any])
        #expect(search["method"] as? String == "setAside")
        let setAside = try #require(search["setAside"] as? [[String: Any]])
        let stopped = search["stopped"] as? String
        // One edit after each error but the last; one more copy (every edit made) decodes when nothing stopped.
        #expect(setAside.count == (stopped == nil ? errors.count : errors.count - 1) || stopped == "cannotSetAside")
        let copies = try (0...setAside.count).map { try copy(payload, edits: setAside, count: $0) }
        let oracle = try FoundationOracle.verdicts(
            files: [modelName: model], cases: copies.map { FoundationOracle.Case(type: type, payload: .text($0)) },
            flags: ["-module-name", "Models"])
        for (index, error) in errors.enumerated() {
            var mine: [String: Any] = [:]
            for field in ["kind", "key", "debugDescription", "errorType"] { mine[field] = error[field] }
            if error["kind"] as? String != "other" { mine["codingPath"] = error["codingPath"] }
            #expect(
                try CompiledModeTests.json(mine) == CompiledModeTests.json(CompiledModeTests.comparable(oracle[index])),
                "error \(index + 1), on the copy:\n\(copies[index])")
        }
        if stopped == nil {
            #expect(oracle[setAside.count].ok, "the copy with every fault set aside:\n\(copies[setAside.count])\n\(oracle[setAside.count])")
        }
        #expect(search["decodes"] as? Int ?? 0 >= errors.count)
        #expect((search["text"] as? String)?.hasPrefix("found by decoding again with each earlier fault set aside: ") == true)
        return output
    }

    @Test("a model with a hand-written leaf type: every error, each Foundation's on its copy")
    func handWrittenLeaf() throws {
        let model = try String(contentsOf: Self.fixtures.appendingPathComponent("Order.swift"), encoding: .utf8)
        let payload = try String(contentsOf: Self.fixtures.appendingPathComponent("order.json"), encoding: .utf8)
        let output = try Self.holdToFoundation(model: model, modelName: "Order.swift", type: "Order", payload: payload)
        let errors = try #require(output["errors"] as? [[String: Any]])
        // Every fault of the payload is listed, each on its own line and node.
        #expect(
            errors.map { "\($0["line"] ?? 0):\($0["kind"] ?? "")" } == [
                "2:typeMismatch", "3:valueNotFound", "4:dataCorrupted", "1:keyNotFound", "5:typeMismatch", "6:keyNotFound",
                "6:typeMismatch", "7:typeMismatch", "8:dataCorrupted", "8:keyNotFound",
            ])
        #expect((output["allErrorsSearch"] as? [String: Any])?["stopped"] == nil)
    }

    @Test("a model infer wrote, decoded in compiled mode: every error, each Foundation's on its copy")
    func inferredModel() throws {
        let sample = try String(contentsOf: Self.fixtures.appendingPathComponent("catalog-sample.json"), encoding: .utf8)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-set-aside-infer-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try sample.write(to: dir.appendingPathComponent("sample.json"), atomically: true, encoding: .utf8)
        let inferred = try CompiledModeTests.run(FixCommandTests.binary.path, ["infer", "sample.json", "--name", "Catalog"], in: dir)
        #expect(inferred.status == 0, "\(inferred.err)")
        let payload = try String(contentsOf: Self.fixtures.appendingPathComponent("catalog.json"), encoding: .utf8)
        let output = try Self.holdToFoundation(
            model: inferred.out, modelName: "Catalog.swift", type: "Catalog", payload: payload, extra: ["--mode", "compiled"])
        #expect((output["errors"] as? [[String: Any]])?.count ?? 0 >= 3)
    }

    @Test("the text format says how the errors after the first were found, and what was set aside where")
    func textSaysHow() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-set-aside-text-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["Order.swift", "order.json"] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        let result = try CompiledModeTests.run(
            FixCommandTests.binary.path, ["check", "order.json", "--model", "Order.swift", "--type", "Order", "--all-errors"], in: dir)
        #expect(result.status == 1)
        #expect(result.out.contains("note: the errors after the first were found by decoding again with each earlier fault set aside: "))
        #expect(result.out.contains("  set aside at order.json:2:9: replaced with 0"), "\(result.out)")
        #expect(result.out.contains("  set aside at order.json:1:1: put in \"paid\": false"), "\(result.out)")
        #expect(result.out.contains("order.json: 10 errors decoding Order at $"), "\(result.out)")
    }

    /// What the model's code caught past the payload's first error is listed too: the copies decode
    /// further than the payload did (issue 39's `caught` in compiled `--all-errors`).
    @Test("the errors the model's code caught past the first error are listed, on the payload's nodes")
    func caughtPastTheFirstError() throws {
        let lenient = try String(
            contentsOf: Self.fixtures.deletingLastPathComponent().appendingPathComponent("caught-errors/Lenient.swift"), encoding: .utf8)
        let model = lenient + "\nstruct Basket: Decodable {\n    var id: Int\n    @LossyArray var items: [Item]\n}\n"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-set-aside-caught-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"id": "x", "items": [{"id": 1}, {"id": "y"}]}"#.write(
            to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        try model.write(to: dir.appendingPathComponent("Lenient.swift"), atomically: true, encoding: .utf8)
        let arguments = ["check", "payload.json", "--model", "Lenient.swift", "--type", "Basket", "--format", "json"]
        func caught(_ extra: [String]) throws -> [[String: Any]] {
            let result = try CompiledModeTests.run(FixCommandTests.binary.path, arguments + extra, in: dir)
            #expect(result.status == 1, "\(result.err)")
            let output = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
            return output["caught"] as? [[String: Any]] ?? []
        }
        // Foundation stops at `id`: the element the wrapper drops is never reached.
        #expect(try caught([]).isEmpty)
        let all = try caught(["--all-errors"])
        #expect(all.count == 1)
        #expect(all.first?["codingPath"] as? [AnyHashable] == ["items", 1, "id"])
        #expect(all.first?["debugDescription"] as? String == "Expected to decode Int but found a string instead.")
        #expect((all.first?["line"] as? Int, all.first?["column"] as? Int) == (1, 41))
        #expect((all.first?["outcome"] as? [String: Any])?["kind"] as? String == "elementDropped")
    }
}

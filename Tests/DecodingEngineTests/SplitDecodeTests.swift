import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodingEngine

/// A large array decoded in parts (``ArraySplit``) gives what the decode of the whole payload
/// gives: the same report (errors located, value, node status, missing keys) as the engine's
/// whole decode, and the same verdict as the compiled models' `JSONDecoder`, with errors in
/// any part, at any position, in first-error and all-errors mode.
@Suite struct SplitDecodeTests {
    static let models = #"""
        struct Page: Codable { let total: Int; let items: [Item]; let next: String? }
        struct Item: Codable { let id: Int; let name: String; let tags: [String]; let owner: Owner?; let size: UInt8 }
        struct Owner: Codable { let login: String; let siteAdmin: Bool }
        struct Dated: Codable { let id: Int; let at: Date }
        struct Feed: Codable { let data: Inner }
        struct Inner: Codable { let kind: String; let events: [Dated] }
        struct Grid: Codable { let rows: [[Item]] }
        struct Numbers: Codable { let rows: [[Int]] }
        struct Named: Codable { let sections: [String: [Item]] }
        struct Flat: Codable { let total: Int; let items: String }
        struct Tagged: Codable { let meta: [String: String]; let items: [Item] }
        """#

    /// One case: whether its decode is taken in parts, or goes back to the whole payload.
    struct Case: CustomStringConvertible {
        var differential: DifferentialCase
        /// The key of the root member to decode at (`--path`), if any.
        var at: String?
        var splits: Bool
        var description: String { differential.name }
    }

    static func item(_ i: Int, _ fault: String? = nil) -> String {
        var fields = [
            "\"id\": \(i)", "\"name\": \"n\(i)\"", "\"tags\": [\"a\", \"b\"]",
            "\"owner\": {\"login\": \"u\(i)\", \"site_admin\": false, \"siteAdmin\": \(i % 2 == 0)}", "\"size\": \(i % 200)",
        ]
        switch fault {
        case "missing": fields.remove(at: 1)
        case "type": fields[0] = "\"id\": \"x\(i)\""
        case "null": fields[2] = "\"tags\": null"
        case "fit": fields[4] = "\"size\": 300"
        case "owner": fields[3] = "\"owner\": {\"login\": 5}"
        default: break
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func items(_ n: Int, faults: [Int: String] = [:]) -> String {
        "[\n" + (0..<n).map { item($0, faults[$0]) }.joined(separator: ",\n") + "\n]"
    }

    static func page(_ n: Int, faults: [Int: String] = [:]) -> String {
        "{\"total\": \(n), \"items\": \(items(n, faults: faults)), \"next\": null}"
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        func add(
            _ name: String, _ type: String, _ payload: String, options: DecodeOptions = .init(), at: String? = nil, splits: Bool = true
        ) {
            cases.append(Case(differential: .init(name: name, type: type, payload: payload, options: options), at: at, splits: splits))
        }
        let snake = DecodeOptions(keys: .convertFromSnakeCase)
        add("valid page", "Page", page(9))
        add("valid root array", "[Item]", items(9))
        add("valid, snake_case keys", "Page", page(9), options: snake)
        for (position, fault) in [(0, "missing"), (4, "type"), (8, "null"), (5, "fit"), (7, "owner")] {
            add("\(fault) at \(position)", "Page", page(9, faults: [position: fault]))
            add("\(fault) at \(position), root array", "[Item]", items(9, faults: [position: fault]))
        }
        add("two faults: the first one's part wins", "Page", page(9, faults: [6: "type", 2: "missing"]))
        add("snake_case keys, a fault", "Page", page(9, faults: [3: "type"]), options: snake)
        for all in [false, true] {
            let options = DecodeOptions(allErrors: all)
            let mode = all ? "all errors" : "first error"
            add(
                "\(mode): faults in many parts", "Page", page(12, faults: [1: "missing", 4: "type", 5: "null", 9: "fit", 11: "owner"]),
                options: options)
            add("\(mode): root array, faults", "[Item]", items(12, faults: [0: "type", 6: "missing", 11: "fit"]), options: options)
            add(
                "\(mode): snake_case", "[Item]", items(6, faults: [2: "owner", 4: "type"]),
                options: DecodeOptions(keys: .convertFromSnakeCase, allErrors: all))
        }
        let dates = (0..<8).map { "{\"id\": \($0), \"at\": \"2024-01-0\($0 + 1)T00:00:00Z\"}" }
        var badDates = dates
        badDates[6] = "{\"id\": 6, \"at\": \"yesterday\"}"
        let iso = DecodeOptions(dates: .iso8601)
        add(
            "dates, nested under a key", "Feed", "{\"data\": {\"kind\": \"k\", \"events\": [\(dates.joined(separator: ","))]}}",
            options: iso)
        add("a bad date, nested", "Feed", "{\"data\": {\"kind\": \"k\", \"events\": [\(badDates.joined(separator: ","))]}}", options: iso)
        add(
            "at a key path", "Inner", "{\"data\": {\"kind\": \"k\", \"events\": [\(badDates.joined(separator: ","))]}, \"x\": 1}",
            options: iso, at: "data")
        add("arrays of arrays", "Grid", "{\"rows\": [\(items(3)), \(items(4, faults: [2: "type"])), \(items(2))]}")
        // One key: `JSONDecoder` decodes a dictionary's values in its hash order, which differs run to run.
        add("dictionary of arrays", "Named", "{\"sections\": {\"b\": \(items(7, faults: [5: "missing"]))}}")
        // Read otherwise than element by element: the decode goes back to the whole payload.
        add("arrays of scalars, read as [[Int]]", "Numbers", "{\"rows\": [[1, 2], [3, \"x\"], [5]]}", splits: false)
        add("the array where a String is wanted", "Flat", page(5), splits: false)
        return cases
    }()

    static func schema() -> Schema {
        Schema(sources: [ModelSource(path: "Models.swift", text: models)])
    }

    /// The report of one case from `engine`, at its key path when it has one.
    static func decode(_ c: Case, with engine: DecodingEngine, schema: Schema) throws -> DecodeReport {
        let bytes = Array(c.differential.payload.utf8)
        let tree = try JSONTree.parse(bytes, options: .init(detectsDuplicateKeys: false))
        let node = try #require(c.at.map { tree.member(tree.root, key: $0) } ?? tree.root)
        return engine.decode(try schema.resolve(c.differential.type), payload: bytes, tree: tree, at: node, options: c.differential.options)
    }

    @Test("in parts of one element, of a few, two at a time or one: the whole decode's report")
    func partsGiveTheWholeReport() throws {
        let schema = Self.schema()
        #expect(!schema.hasErrors, "\(schema.diagnostics)")
        let whole = DecodingEngine(schema: schema, splitting: .never)
        for c in Self.cases {
            let expected = try Self.decode(c, with: whole, schema: schema)
            for splitting in [ArraySplitting.always(), .always(partBytes: 300), .always(partBytes: 1, threads: 1)] {
                let engine = DecodingEngine(schema: schema, splitting: splitting)
                let report = try Self.decode(c, with: engine, schema: schema)
                #expect(report == expected, "\(c): \(splitting)")
                // The parts really stood in for the array (or, for the cases that must not, did not).
                let bytes = Array(c.differential.payload.utf8)
                let tree = try JSONTree.parse(bytes, options: .init(detectsDuplicateKeys: false))
                let node = try #require(c.at.map { tree.member(tree.root, key: $0) } ?? tree.root)
                let inParts = engine.decodeInParts(
                    try schema.resolve(c.differential.type), payload: bytes, tree: tree,
                    path: CodingPathResolver.components(to: node, in: tree), target: node, options: c.differential.options)
                #expect((inParts != nil) == c.splits, "\(c): \(splitting)")
                // Asked for as JSON: the parts write their elements, and the text is the whole value's.
                let (jsonReport, json) = engine.decodeWithValueJSON(
                    try schema.resolve(c.differential.type), payload: bytes, tree: tree, at: node, options: c.differential.options)
                var withoutValue = expected
                withoutValue.value = nil
                #expect(jsonReport == withoutValue, "\(c): \(splitting)")
                let wholeText = expected.ok ? expected.value.map { Array($0.json.utf8) } : nil
                #expect(json?.bytes == wholeText, "\(c): \(splitting)")
                if c.splits, expected.ok { #expect(json.map(\.segments.count) ?? 0 > 1, "\(c): the parts' own text") }
                // Handed over as the parts finish (the worker's frames): in order, and put back
                // where the text's placeholder stands, they make the whole value's text.
                let handed = HandedParts()
                let (handedReport, text) = engine.decodeWithValueJSON(
                    try schema.resolve(c.differential.type), payload: bytes, tree: tree, at: node, options: c.differential.options,
                    handingElementsTo: { handed.append($0) })
                #expect(handedReport == withoutValue, "\(c): \(splitting)")
                #expect(text.map { ValueJSON(text: $0.bytes, splicing: handed.parts).bytes } == wholeText, "\(c): \(splitting)")
                if c.splits, expected.ok {
                    #expect(!handed.parts.isEmpty && text?.bytes != wholeText, "\(c): the elements were handed over, not kept")
                }
            }
        }
    }

    @Test("a string, or an object, that reads like the placeholder of rendered parts is written as itself")
    func placeholderLookalike() throws {
        let schema = Self.schema()
        let text = #"{\"case\":\"\u0000elements rendered in parts\"}"#
        let payload = Array("[{\"id\": 1, \"name\": \"\(text)\", \"tags\": [], \"size\": 1}, \(Self.item(2))]".utf8)
        let tree = try JSONTree.parse(payload)
        let type = try schema.resolve("[Item]")
        let whole = DecodingEngine(schema: schema, splitting: .never).decode(type, payload: payload, tree: tree, at: tree.root)
        let (_, json) = DecodingEngine(schema: schema, splitting: .always()).decodeWithValueJSON(
            type, payload: payload, tree: tree, at: tree.root)
        #expect(whole.ok)
        #expect(json?.bytes == whole.value.map { Array($0.json.utf8) })

        // The placeholder's own JSON as an object ahead of the array: the elements still go in the array.
        let tagged = Array("{\"meta\": {\"case\": \"\\u0000elements rendered in parts\"}, \"items\": \(Self.items(3))}".utf8)
        let taggedTree = try JSONTree.parse(tagged)
        let taggedType = try schema.resolve("Tagged")
        let taggedWhole = DecodingEngine(schema: schema, splitting: .never).decode(
            taggedType, payload: tagged, tree: taggedTree, at: taggedTree.root)
        let (_, taggedJSON) = DecodingEngine(schema: schema, splitting: .always()).decodeWithValueJSON(
            taggedType, payload: tagged, tree: taggedTree, at: taggedTree.root)
        #expect(taggedWhole.ok)
        #expect(taggedJSON.map(\.segments.count) ?? 0 > 1, "decoded in parts")
        #expect(taggedJSON?.bytes == taggedWhole.value.map { Array($0.json.utf8) })
    }

    @Test("in parts: the compiled models' verdict")
    func partsGiveTheCompiledVerdict() throws {
        let firstError = Self.cases.filter { !$0.differential.options.allErrors }
        let compiled = try Harness.compiledResults(
            models: Self.models,
            cases: firstError.map { c in
                var d = c.differential
                d.path = c.at.map { [.key($0)] } ?? []
                return d
            })
        #expect(compiled.count == firstError.count)
        let schema = Self.schema()
        let engine = DecodingEngine(schema: schema, splitting: .always())
        for (c, expected) in zip(firstError, compiled) {
            #expect(Harness.line(try Self.decode(c, with: engine, schema: schema)) == expected, "\(c)")
        }
        #expect(compiled.contains { $0.contains("\"codingPath\":[\"items\",8,") }, "an error in the last part, at its own position")
    }

    @Test("a payload the decoder does not read as UTF-8 JSON, a small array, scalars: decoded whole")
    func whatIsNotSplit() throws {
        let standard = ArraySplitting.standard
        let small = Array(Self.page(50).utf8)
        let tree = try JSONTree.parse(small)
        #expect(ArraySplit.choose(in: tree, payload: small, under: tree.root, policy: standard) == nil)
        #expect(ArraySplit.choose(in: tree, payload: small, under: tree.root, policy: .always()) != nil)
        let scalars = Array("[1, 2, 3, 4]".utf8)
        let scalarTree = try JSONTree.parse(scalars)
        #expect(ArraySplit.choose(in: scalarTree, payload: scalars, under: scalarTree.root, policy: .always()) == nil)
        let json5 = Array("[{a: 1}, {a: 2},]".utf8)
        let json5Tree = try JSONTree.parse(json5, options: .init(json5: true))
        #expect(ArraySplit.choose(in: json5Tree, payload: json5, under: json5Tree.root, policy: .always()) == nil)
    }

    @Test("with two cores or more, an array from the parallel size is split in one part per core; on one core, whole")
    func splitForTime() throws {
        let payload = Array(Self.page(60).utf8)
        let tree = try JSONTree.parse(payload)
        func policy(threads: Int) -> ArraySplitting {
            ArraySplitting(minimumBytes: 8 << 20, partBytes: 4 << 20, threads: threads, parallelMinimumBytes: 1000)
        }
        let two = try #require(ArraySplit.choose(in: tree, payload: payload, under: tree.root, policy: policy(threads: 2)))
        #expect(two.parts.map(\.index) == [0, 30] || two.parts.map(\.index) == [0, 31], "two halves of the text")
        let four = try #require(ArraySplit.choose(in: tree, payload: payload, under: tree.root, policy: policy(threads: 4)))
        #expect(four.parts.count == 4)
        #expect(ArraySplit.choose(in: tree, payload: payload, under: tree.root, policy: policy(threads: 1)) == nil)
        // Elements that make one part (the array's text is mostly space between them): decoded whole.
        let sparse = Array(("{\"items\": [" + Self.item(0) + String(repeating: " ", count: 5000) + "," + Self.item(1) + "]}").utf8)
        let sparseTree = try JSONTree.parse(sparse)
        #expect(ArraySplit.choose(in: sparseTree, payload: sparse, under: sparseTree.root, policy: policy(threads: 2)) == nil)
        #expect(ArraySplitting.standard.parallelMinimumBytes == 1 << 20)
        #expect(policy(threads: 2).partBytes(forArrayOf: 999) == nil)
        #expect(policy(threads: 2).partBytes(forArrayOf: 2_000_001) == 1_000_001)
        #expect(policy(threads: 2).partBytes(forArrayOf: 9 << 20) == 4 << 20, "from the memory size on, the memory parts")
    }

    @Test("a part's document walks to the array with the payload's own keys and positions")
    func partDocument() throws {
        let payload = Array(#"{"a": 1, "x_y": [7, {"items": [{"id": 1}, {"id": 2}, {"id": 3}]}]}"#.utf8)
        let tree = try JSONTree.parse(payload)
        let split = try #require(ArraySplit.choose(in: tree, payload: payload, under: tree.root, policy: .always()))
        #expect(split.parts.map(\.index) == [0, 1, 2])
        #expect(String(decoding: split.skeleton(of: payload, tree: tree), as: UTF8.self) == #"{"a": 1, "x_y": [7, {"items": []}]}"#)
        #expect(
            String(decoding: split.document(of: split.parts[2], payload: payload, tree: tree), as: UTF8.self)
                == #"{"x_y":[0,{"items":[0,0,{"id": 3}]}]}"#)
    }
}

/// The parts' text handed over by a decode, in the order of the calls.
private final class HandedParts: @unchecked Sendable {
    private let lock = NSLock()
    private var handed: [[UInt8]] = []

    func append(_ part: [UInt8]) { lock.withLock { handed.append(part) } }
    var parts: [[UInt8]] { lock.withLock { handed } }
}

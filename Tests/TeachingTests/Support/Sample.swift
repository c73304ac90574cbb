import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import TestSupport

@testable import Teaching

/// One SamplePayloads scenario, prepared as `check` prepares it.
struct Sample {
    struct File: Decodable {
        struct Options: Decodable {
            var keyStrategy: String?
            var dateStrategy: String?
        }
        var type: String
        var path: String?
        var options: Options?
        /// "compiled" for a hand-written `init(from:)`, which the schema engine cannot run.
        var mode: String?
    }

    static var root: URL { Repository.samplePayloads }

    static func all() throws -> [Sample] {
        try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.first?.isNumber == true }.sorted()
            .map { root.appendingPathComponent($0) }
            .filter { folder in
                let data = try Data(contentsOf: folder.appendingPathComponent("scenario.json"))
                return try JSONDecoder().decode(File.self, from: data).mode != "compiled"
            }
            .map { try Sample(folder: $0) }
    }

    /// Other types, paths and strategies into the scenarios' payloads, as ABOUT.md suggests.
    static func detours() throws -> [Sample] {
        [
            try Sample(folder: root.appendingPathComponent("13-snake-case-acronym"), keys: .useDefaultKeys),
            try Sample(folder: root.appendingPathComponent("06-envelope"), type: "[Movie]", path: ""),
            try Sample(folder: root.appendingPathComponent("05-key-path"), path: "elements[1].element"),
            try Sample(folder: root.appendingPathComponent("20-generic-envelope"), type: "PageEntity<String>"),
            try Sample(folder: root.appendingPathComponent("18-bad-array-elements"), type: "CartItem", path: "[5]"),
        ]
    }

    let name: String
    let folder: URL
    let file: File
    let context: TeachingContext
    /// The report `check` prints (first error only).
    let report: DecodeReport

    init(folder: URL, type: String? = nil, path: String? = nil, keys: DecodeOptions.KeyStrategy? = nil) throws {
        self.folder = folder
        name =
            folder.lastPathComponent + (type.map { " as \($0)" } ?? "") + (path.map { " at \($0.isEmpty ? "$" : $0)" } ?? "")
            + (keys.map { " with \($0)" } ?? "")
        var file = try JSONDecoder().decode(File.self, from: Data(contentsOf: folder.appendingPathComponent("scenario.json")))
        if let type { file.type = type }
        if let path { file.path = path }
        self.file = file
        var options = DecodeOptions()
        options.keys = (file.options?.keyStrategy == "snake-case") ? .convertFromSnakeCase : .useDefaultKeys
        if let keys { options.keys = keys }
        switch file.options?.dateStrategy {
        case "iso8601"?: options.dates = .iso8601
        case "seconds"?: options.dates = .secondsSince1970
        case "milliseconds"?: options.dates = .millisecondsSince1970
        case let s? where s.hasPrefix("formatted:"): options.dates = .formatted(String(s.dropFirst("formatted:".count)))
        default: break
        }
        let schema = try Schema.load(paths: [folder.appendingPathComponent("Models.swift").path])
        let rootType = try schema.resolve(file.type)
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("payload.json")))
        let tree = try JSONTree.parse(bytes, options: .init(detectsDuplicateKeys: false))
        let node = try NodePath(parsing: file.path ?? "").resolve(in: tree).get()
        context = TeachingContext(
            schema: schema, payload: bytes, tree: tree, rootType: rootType, rootNode: node,
            options: options, typeExpression: file.type)
        report = DecodingEngine(schema: schema).decode(rootType, payload: bytes, tree: tree, at: node, options: options)
    }

    /// The same decode with every independent error reported.
    func allErrorsReport(tracing: Bool = false) -> DecodeReport {
        var options = context.options
        options.allErrors = true
        options.tracesCalls = tracing
        return DecodingEngine(schema: context.schema).decode(
            context.rootType, payload: context.payload, tree: context.tree,
            at: context.rootNode, options: options)
    }
}

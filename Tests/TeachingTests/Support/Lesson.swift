import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

@testable import Teaching

/// A model and a payload in memory, decoded and taught (all-errors, so every error has a lesson).
struct Lesson {
    let context: TeachingContext
    let report: DecodeReport
    let teaching: TeachingReport

    init(_ models: String, _ payload: String, type: String, options: DecodeOptions = DecodeOptions(), allErrors: Bool = true) throws {
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: models)])
        let bytes = Array(payload.utf8)
        let tree = try JSONTree.parse(bytes, options: .init(detectsDuplicateKeys: false))
        context = TeachingContext(
            schema: schema, payload: bytes, tree: tree, rootType: try schema.resolve(type), rootNode: tree.root, options: options)
        var decodeOptions = options
        decodeOptions.allErrors = allErrors
        report = DecodingEngine(schema: schema).decode(context.rootType, payload: bytes, tree: tree, at: tree.root, options: decodeOptions)
        teaching = Teacher(context: context).teach(report)
    }

    func fixes(_ error: Int = 0) -> [Fix] { teaching.fixes(forError: error) }

    func fix(_ kind: Fix.Kind, error: Int = 0) -> Fix? { fixes(error).first { $0.kind == kind } }

    /// The model text after a fix.
    func edited(_ fix: Fix?) -> String? { fix?.changes.first?.edited }
}

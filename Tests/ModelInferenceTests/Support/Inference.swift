import JSONTree

@testable import ModelInference

/// Infers models for a payload written in the test.
enum Inference {
    static func models(_ json: String, _ options: InferenceOptions = .init()) throws -> InferredModels {
        let tree = try JSONTree.parse(Array(json.utf8))
        return try ModelInferrer(options).infer(tree: tree)
    }

    static func source(_ json: String, _ options: InferenceOptions = .init()) throws -> String {
        try models(json, options).swiftSource
    }

    /// The lines of the declaration of `name` (`struct Name`, `enum Name`, `typealias Name`),
    /// from its first line to its closing brace, trimmed.
    static func declaration(_ name: String, in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard
            let start = lines.firstIndex(where: {
                $0.hasPrefix("struct \(name):") || $0.hasPrefix("enum \(name):") || $0.hasPrefix("typealias \(name) =")
            })
        else { return [] }
        if lines[start].hasPrefix("typealias") { return [lines[start]] }
        guard let end = lines[start...].firstIndex(of: "}") else { return [] }
        return lines[start...end].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The property lines (`let name: Type`) of a struct, without trailing comments.
    static func properties(_ name: String, in source: String) -> [String] {
        declaration(name, in: source).filter { $0.hasPrefix("let ") }.map {
            $0.components(separatedBy: "  //")[0]
        }
    }
}

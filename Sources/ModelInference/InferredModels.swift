/// Swift models for one node of a payload, and the decoder set-up they rely on.
public struct InferredModels: Hashable, Sendable {
    /// The name to decode: `try makeDecoder().decode(Root.self, from: data)`.
    public var rootTypeName: String
    /// How `makeDecoder()` reads keys and dates.
    public var keyStrategy: InferenceOptions.KeyStrategy
    public var dateStrategy: DateStrategy

    var declarations: [Declaration]
    /// The root's type when it is not a declaration of its own (`typealias Root = [Product]`).
    var rootAlias: SwiftType?

    /// The names of the types declared, the root's first.
    public var typeNames: [String] { ordered.map { declarations[$0].name } }

    /// The declarations in the order they are printed: as they were named, shallowest first.
    var ordered: [Int] {
        declarations.indices.sorted { (declarations[$0].depth, $0) < (declarations[$1].depth, $1) }
    }

    /// The complete file: `import Foundation`, the types, `UnknownValue` when needed, and
    /// `func makeDecoder() -> JSONDecoder`.
    public var swiftSource: String {
        "import Foundation\n\n" + SourceRenderer(models: self, namespace: nil).body()
    }

    /// The same declarations nested in `enum <namespace> { ... }`, with `static func
    /// makeDecoder()`, and without the import: several of these can share one file.
    public func swiftSource(namespace: String) -> String {
        SourceRenderer(models: self, namespace: namespace).body()
    }
}

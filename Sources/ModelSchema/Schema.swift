import Foundation
import SwiftParser
import SwiftSyntax

/// The decodable model types of a set of Swift files, with what the compiler would say about them.
public struct Schema: Sendable {
    public let sources: [ModelSource]
    /// Every struct, class, actor and enum declared, keyed by qualified name (`ProductCategory.Product`).
    public let types: [String: TypeSchema]
    /// Syntax errors, synthesis errors and warnings, and uninterpretable constructs, in source order.
    public let diagnostics: [SchemaDiagnostic]
    /// Kept for resolving type expressions without parsing the sources again.
    let builder: SchemaBuilder
    /// Each type's hand-written `init(from:)` as read, once (``handWrittenInit(of:)``).
    let handWrittenInits = Memo<String, HandWrittenInit?>()
    /// Each type expression as resolved (``resolve(_:)``).
    let resolved = Memo<String, Result<TypeRef, TypeExpressionError>>()

    /// Parses and analyses the given sources.
    public init(sources: [ModelSource]) {
        self.init(sources: sources, parsed: nil)
    }

    /// The schema of the files of `sources` that decoding `typeExpressions` needs (``SourceSelection``),
    /// each file parsed once for both.
    public static func selecting(
        from sources: [ModelSource], typeExpressions: [String], decoderExpression: String?
    ) -> (schema: Schema, selection: SourceSelection) {
        let declarations = sources.map(FileDeclarations.init)
        let selection = SourceSelection(
            declarations: declarations, typeExpressions: typeExpressions, decoderExpression: decoderExpression)
        let schema = Schema(sources: selection.files, parsed: selection.taken.map { declarations[$0].tree })
        return (schema, selection)
    }

    init(sources: [ModelSource], parsed: [SourceFileSyntax?]?) {
        let index = DeclarationIndex(sources: sources, parsed: parsed)
        var builder = SchemaBuilder(index: index)
        self.sources = sources
        types = builder.buildAll()
        self.builder = builder
        let cycles = AliasCycles.diagnostics(index: index, resolver: builder.resolver)
        diagnostics = (index.diagnostics + cycles + builder.diagnostics).sorted {
            ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column)
        }
    }

    /// Reads model files, or folders of them (recursively, `*.swift`).
    public static func load(paths: [String]) throws(SchemaLoadError) -> Schema {
        Schema(sources: try read(paths: paths))
    }

    /// The model files at `paths`, folders read recursively (`*.swift`, in name order).
    public static func read(paths: [String]) throws(SchemaLoadError) -> [ModelSource] {
        var sources: [ModelSource] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound(path: path) }
            var files = [path]
            if isDirectory.boolValue {
                let all = (fm.enumerator(atPath: path)?.allObjects as? [String]) ?? []
                files = all.filter { $0.hasSuffix(".swift") }.sorted().map { (path as NSString).appendingPathComponent($0) }
                if files.isEmpty { throw .noSwiftFiles(path: path) }
            }
            for file in files {
                guard let data = fm.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                    throw .unreadable(path: file)
                }
                sources.append(ModelSource(path: file, text: text))
            }
        }
        return sources
    }

    /// Whether any diagnostic is an error the compiler would report.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Names of the types that conform to Decodable, sorted, for a type picker.
    public var decodableTypeNames: [String] { types.values.filter(\.isDecodable).map(\.qualifiedName).sorted() }

    /// The schema of a named type with its generic arguments substituted.
    public func typeSchema(for type: TypeRef) -> TypeSchema? {
        guard case .named(let name, let arguments) = type, let schema = types[name] else { return nil }
        return arguments.isEmpty ? schema : schema.instantiated(with: arguments)
    }

    /// The model type a runtime type name or a type expression names (`Page<Song>`: `Page`;
    /// `Animal`: `Zoo.Animal`), as `String(describing:)` prints a decoded value's type.
    public func typeSchema(runtimeName name: String) -> TypeSchema? {
        let bare = name.split(separator: "<").first.map(String.init) ?? name
        return types[bare] ?? types.values.first { $0.name == bare || $0.qualifiedName.hasSuffix("." + bare) }
    }

    /// Resolves a type expression as a user types it (`[Product]`, `PageEntity<Song>`) at top level
    /// (each expression once: ``resolved``).
    public func resolve(_ typeExpression: String) throws(TypeExpressionError) -> TypeRef {
        try resolved.value(typeExpression) { Result { () throws(TypeExpressionError) in try resolving(typeExpression) } }.get()
    }

    private func resolving(_ typeExpression: String) throws(TypeExpressionError) -> TypeRef {
        if let tooDeep = NestingLimit.firstViolation(in: typeExpression) {
            throw .nestingTooDeep(expression: typeExpression, tooDeep)
        }
        var parser = Parser(typeExpression)
        let syntax = TypeSyntax.parse(from: &parser)
        guard !syntax.hasError, syntax.trimmedDescription == typeExpression.trimmingSpaces(), !typeExpression.isEmpty else {
            throw .syntax(expression: typeExpression)
        }
        let ref: TypeRef
        do {
            ref = try builder.resolver.resolve(syntax, scope: nil)
        } catch {
            switch error {
            case .unknown(let n, let near): throw .unknownType(n, nearMatches: near)
            case .notDecodable(let n): throw .notDecodable(n)
            case .unsupported(let n): throw .unsupported(n)
            case .wrongArgumentCount(let n, let e, let f): throw .wrongGenericArgumentCount(n, expected: e, found: f)
            case .cyclicAlias(let chain): throw .cyclicTypeAlias(chain.first ?? typeExpression)
            case .tooLarge(let n): throw .unsupported("\(n) (\(TypeResolver.tooLargeReason))")
            }
        }
        guard builder.isDecodable(ref, decodableParameters: []) else { throw .notDecodable(ref.swiftSpelling) }
        return ref
    }
}

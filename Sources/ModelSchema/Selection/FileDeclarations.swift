import SwiftParser
import SwiftSyntax

/// What one source file declares for other files to use and what it refers to: what
/// ``SourceSelection`` needs to tell which whole files a decode needs.
///
/// `Views/BadgeView.swift`:
/// ```
/// import SwiftUI                                  // imports: SwiftUI at 1:1, not guarded
/// struct Badge: Codable { let tint: Tint }        // declared: struct Badge
/// private struct Row: View { ... }                // private: nothing another file can name
/// extension User: Identifiable { var id: Int }    // extensions: User, conforms, members [id]
/// ```
/// references: `Codable`, `Tint`, `View`, `User`, `Identifiable`, `Int`, ... (identifiers used, not
/// the names being declared; a syntactic over-approximation of what the file needs).
struct FileDeclarations {
    struct Import { var module: String; var location: ModelLocation }
    /// A declaration other files can refer to by `name`: `what` as the refusal shows it (`struct Badge`).
    struct Declared { var name: String; var what: String; var location: ModelLocation }
    struct Extension {
        /// The first name of the extended type (`User` for `extension User.Address`, `Array` for `[User]`'s).
        var extendedName: String
        var what: String
        var location: ModelLocation
        /// It adds a conformance (`extension User: Identifiable`).
        var conforms: Bool
        /// It declares what synthesized or hand-written decoding uses without naming it: `init(from:)`, `CodingKeys`.
        var decodes: Bool
        /// The names of its members (functions, properties, nested types), without `init`.
        var members: Set<String>
    }

    var source: ModelSource
    /// Imports at the top level of the file; those inside `#if` are guarded by it and not listed.
    var imports: [Import] = []
    var declared: [Declared] = []
    var extensions: [Extension] = []
    var references: Set<String> = []
    /// The file nests too deep for swift-syntax to parse (``NestingLimit``): it is read as declaring
    /// nothing, and every decode keeps it, so that the schema says where.
    var tooDeep = false
    /// The parsed file, for the schema to read without parsing it again; nil when too deep.
    var tree: SourceFileSyntax?

    init(_ source: ModelSource) {
        self.source = source
        guard NestingLimit.firstViolation(in: source.text) == nil else {
            tooDeep = true
            return
        }
        let tree = Parser.parse(source: source.text)
        self.tree = tree
        let converter = SourceLocationConverter(fileName: source.path, tree: tree)
        func location(_ node: some SyntaxProtocol) -> ModelLocation {
            let loc = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            return ModelLocation(file: source.path, line: loc.line, column: loc.column)
        }
        for item in tree.statements {
            if let d = item.item.as(ImportDeclSyntax.self), let module = d.path.first?.name.text {
                imports.append(Import(module: module, location: location(d)))
            }
        }
        var pending = tree.statements.map { Syntax($0.item) }
        while let item = pending.popLast() {
            if let d = item.as(IfConfigDeclSyntax.self) {
                // Every clause: which one a build takes is the build's; an over-approximation is safe.
                for clause in d.clauses {
                    switch clause.elements {
                    case .decls(let members)?: pending += members.map { Syntax($0.decl) }
                    case .statements(let items)?: pending += items.map { Syntax($0.item) }
                    default: break
                    }
                }
                continue
            }
            guard let decl = item.as(DeclSyntax.self) else { continue }
            if let d = decl.as(ExtensionDeclSyntax.self) {
                let type = d.extendedType.trimmedDescription
                let first = type.split(whereSeparator: { "<.[?!: ".contains($0) }).first.map(String.init) ?? type
                var members: Set<String> = []
                var decodes = false
                for member in d.memberBlock.members {
                    for name in Self.names(of: member.decl) where name != "init" { members.insert(name) }
                    if let initializer = member.decl.as(InitializerDeclSyntax.self),
                        initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
                    {
                        decodes = true
                    }
                    if Self.names(of: member.decl).contains("CodingKeys") { decodes = true }
                }
                extensions.append(
                    Extension(
                        extendedName: type.hasPrefix("[") ? "Array" : first, what: "extension \(type)", location: location(d),
                        conforms: d.inheritanceClause != nil, decodes: decodes, members: members))
                continue
            }
            if Self.isFilePrivate(decl) { continue }
            for name in Self.names(of: decl) {
                declared.append(Declared(name: name, what: Self.what(decl, name: name), location: location(decl)))
            }
        }
        declared.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        let collector = ReferenceCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        references = collector.names
    }

    /// The identifiers a type or decoder expression refers to (`[String: User]`: `String`, `User`).
    static func references(inExpression text: String) -> Set<String> {
        guard NestingLimit.firstViolation(in: text) == nil else { return [] }
        let collector = ReferenceCollector(viewMode: .sourceAccurate)
        collector.walk(Parser.parse(source: text))
        return collector.names
    }

    /// The first import of a module this platform cannot build, if any.
    var unbuildableImport: Import? { imports.first { !BuildableModules.contains($0.module) } }

    /// The names a declaration gives (a `let (a, b)` gives two).
    static func names(of decl: DeclSyntax) -> [String] {
        if let d = decl.asProtocol(NamedDeclSyntax.self) { return [d.name.text] }
        if let d = decl.as(VariableDeclSyntax.self) {
            return d.bindings.flatMap { binding in
                binding.pattern.tokens(viewMode: .sourceAccurate).compactMap { token in
                    if case .identifier(let name) = token.tokenKind { name } else { nil }
                }
            }
        }
        if decl.is(InitializerDeclSyntax.self) { return ["init"] }
        return []
    }

    static func what(_ decl: DeclSyntax, name: String) -> String {
        let keyword =
            if let d = decl.as(VariableDeclSyntax.self) { d.bindingSpecifier.text } else {
                decl.tokens(viewMode: .sourceAccurate).first { token in
                    if case .keyword = token.tokenKind { token.parent?.is(DeclModifierSyntax.self) == false } else { false }
                }?.text ?? ""
            }
        return decl.is(FunctionDeclSyntax.self) ? "func \(name)()" : "\(keyword) \(name)"
    }

    /// `private` and `fileprivate` at the top level: no other file can name it.
    static func isFilePrivate(_ decl: DeclSyntax) -> Bool {
        guard let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers else { return false }
        return modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
    }
}

/// Every identifier and operator a file uses, other than the names it declares.
private final class ReferenceCollector: SyntaxVisitor {
    var names: Set<String> = []

    /// Tokens that name what is being declared or labelled, not something referred to.
    static let naming: Set<SyntaxKind> = [
        .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .typeAliasDecl, .functionDecl, .associatedTypeDecl,
        .enumCaseElement, .enumCaseParameter, .identifierPattern, .functionParameter, .closureParameter,
        .closureShorthandParameter, .genericParameter, .labeledExpr, .macroDecl, .precedenceGroupDecl, .operatorDecl,
        .declNameArgument, .tuplePatternElement, .tupleTypeElement,
    ]

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        switch token.tokenKind {
        case .identifier(let name):
            if let parent = token.parent?.kind, Self.naming.contains(parent) { break }
            names.insert(name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name)
        case .binaryOperator(let name), .prefixOperator(let name), .postfixOperator(let name):
            names.insert(name)
        default: break
        }
        return .visitChildren
    }
}

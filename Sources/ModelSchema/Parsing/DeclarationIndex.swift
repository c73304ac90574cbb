import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Every type, extension, typealias and protocol declared in the model sources, before any rules apply.
///
/// Nested declarations get qualified names: `struct A { enum B {} }` gives `A` and `A.B`;
/// `extension A { struct C {} }` gives `A.C`.
struct DeclarationIndex {
    struct TypeDecl {
        var qualifiedName: String
        var kind: TypeSchema.Kind
        var ownGenerics: [GenericParam]
        var inherited: [TypeSyntax]
        var attributes: AttributeListSyntax
        var modifiers: DeclModifierListSyntax
        var members: MemberBlockItemListSyntax
        var whereClause: GenericWhereClauseSyntax?
        var file: Int
        var node: Syntax
        var head: String
        /// The SPI it is declared behind (`@_spi(NAME)` on it, or on a type or extension around it).
        var spi: String?
    }
    struct GenericParam { var name: String; var constraints: [TypeSyntax] }
    struct ExtensionDecl {
        var extendedName: String
        var inherited: [TypeSyntax]
        var members: MemberBlockItemListSyntax
        var whereClause: GenericWhereClauseSyntax?
        var file: Int
        var node: Syntax
    }
    struct AliasDecl { var qualifiedName: String; var generics: [String]; var target: TypeSyntax; var file: Int; var name: TokenSyntax }
    struct ProtocolDecl { var name: String; var inherited: [TypeSyntax] }

    var sources: [ModelSource]
    var converters: [SourceLocationConverter] = []
    var types: [String: TypeDecl] = [:]
    var typeOrder: [String] = []
    var extensions: [ExtensionDecl] = []
    var aliases: [String: AliasDecl] = [:]
    var protocols: [String: ProtocolDecl] = [:]
    var diagnostics: [SchemaDiagnostic] = []

    /// `parsed`: the sources' trees where they were parsed already (``FileDeclarations``), parallel to them.
    init(sources: [ModelSource], parsed: [SourceFileSyntax?]? = nil) {
        self.sources = sources
        for (index, source) in sources.enumerated() {
            let known = parsed.flatMap { $0.indices.contains(index) ? $0[index] : nil }
            // Too deep for swift-syntax's exponential look-ahead and its recursion: not parsed at all.
            if known == nil, let tooDeep = NestingLimit.firstViolation(in: source.text) {
                let empty = Parser.parse(source: "")
                converters.append(SourceLocationConverter(fileName: source.path, tree: empty))
                diagnostics.append(
                    SchemaDiagnostic(
                        .nestingTooDeep(tooDeep), at: ModelLocation(file: source.path, line: tooDeep.line, column: tooDeep.column)))
                continue
            }
            let tree = known ?? Parser.parse(source: source.text)
            let converter = SourceLocationConverter(fileName: source.path, tree: tree)
            converters.append(converter)
            for diag in ParseDiagnosticsGenerator.diagnostics(for: tree) {
                let loc = diag.location(converter: converter)
                diagnostics.append(
                    SchemaDiagnostic(
                        .syntax(diag.message),
                        at: ModelLocation(file: source.path, line: loc.line, column: loc.column)))
            }
            for item in tree.statements { collect(item.item, scope: nil, spi: nil, file: index) }
        }
    }

    func location(_ node: some SyntaxProtocol, file: Int) -> ModelLocation {
        let loc = converters[file].location(for: node.positionAfterSkippingLeadingTrivia)
        return ModelLocation(file: sources[file].path, line: loc.line, column: loc.column)
    }

    private mutating func collect(_ item: some SyntaxProtocol, scope: String?, spi: String?, file: Int) {
        let prefix = scope.map { $0 + "." } ?? ""
        if let d = item.as(StructDeclSyntax.self) {
            addType(d, .struct, prefix: prefix, spi: spi, file: file)
        } else if let d = item.as(ClassDeclSyntax.self) {
            addType(d, .class, prefix: prefix, spi: spi, file: file)
        } else if let d = item.as(ActorDeclSyntax.self) {
            addType(d, .actor, prefix: prefix, spi: spi, file: file)
        } else if let d = item.as(EnumDeclSyntax.self) {
            addType(d, .enum, prefix: prefix, spi: spi, file: file)
        } else if let d = item.as(ExtensionDeclSyntax.self) {
            let name = d.extendedType.trimmedDescription.replacingGenericArguments()
            extensions.append(
                ExtensionDecl(
                    extendedName: name, inherited: d.inheritanceClause?.inheritedTypes.map(\.type) ?? [],
                    members: d.memberBlock.members, whereClause: d.genericWhereClause, file: file, node: Syntax(d)))
            let inner = Self.spi(in: d.attributes) ?? spi
            for member in d.memberBlock.members { collect(member.decl, scope: name, spi: inner, file: file) }
        } else if let d = item.as(TypeAliasDeclSyntax.self) {
            aliases[prefix + d.name.text] = AliasDecl(
                qualifiedName: prefix + d.name.text,
                generics: d.genericParameterClause?.parameters.map(\.name.text) ?? [],
                target: d.initializer.value, file: file, name: d.name)
        } else if let d = item.as(ProtocolDeclSyntax.self) {
            protocols[prefix + d.name.text] = ProtocolDecl(
                name: prefix + d.name.text, inherited: d.inheritanceClause?.inheritedTypes.map(\.type) ?? [])
        } else if let d = item.as(IfConfigDeclSyntax.self) {
            // `#if` blocks: take the first clause, as the default build would in most model files.
            if case .decls(let members)? = d.clauses.first?.elements {
                for member in members { collect(member.decl, scope: scope, spi: spi, file: file) }
            } else if case .statements(let items)? = d.clauses.first?.elements {
                for i in items { collect(i.item, scope: scope, spi: spi, file: file) }
            }
        }
    }

    private func head(_ node: some SyntaxProtocol, _ body: MemberBlockSyntax) -> String {
        let text = node.trimmedDescription
        let bodyLength = body.trimmedDescription.utf8.count
        let start = text.utf8.count - bodyLength
        let headText = String(decoding: text.utf8.prefix(max(0, start)), as: UTF8.self)
        return headText.split(whereSeparator: \.isNewline).map { String($0).trimmingSpaces() }
            .filter { !$0.hasPrefix("@") && !$0.hasPrefix("//") }.joined(separator: " ").trimmingSpaces()
    }

    /// A struct, class, actor or enum declaration: what they all have, read the same way.
    private mutating func addType(
        _ d: some DeclGroupSyntax & NamedDeclSyntax & WithGenericParametersSyntax, _ kind: TypeSchema.Kind, prefix: String,
        spi: String?, file: Int
    ) {
        addType(
            prefix + d.name.text, kind, d.genericParameterClause, d.inheritanceClause, d.attributes, d.modifiers, d.memberBlock,
            d.genericWhereClause, file, Syntax(d), head(d, d.memberBlock), spi: Self.spi(in: d.attributes) ?? spi)
    }

    /// The SPI an `@_spi(NAME)` among `attributes` names.
    private static func spi(in attributes: AttributeListSyntax) -> String? {
        for case .attribute(let attribute) in attributes where attribute.attributeName.trimmedDescription == "_spi" {
            return attribute.arguments?.trimmedDescription
        }
        return nil
    }

    private mutating func addType(
        _ name: String, _ kind: TypeSchema.Kind, _ generics: GenericParameterClauseSyntax?,
        _ inheritance: InheritanceClauseSyntax?, _ attributes: AttributeListSyntax,
        _ modifiers: DeclModifierListSyntax, _ body: MemberBlockSyntax, _ whereClause: GenericWhereClauseSyntax?,
        _ file: Int, _ node: Syntax, _ head: String, spi: String?
    ) {
        if types[name] != nil {
            diagnostics.append(
                SchemaDiagnostic(
                    .synthesisRefused(type: name, reason: "invalid redeclaration of '\(name)'"),
                    at: location(node, file: file)))
            return
        }
        let params =
            generics?.parameters.map {
                GenericParam(name: $0.name.text, constraints: $0.inheritedType.map { [$0] } ?? [])
            } ?? []
        types[name] = TypeDecl(
            qualifiedName: name, kind: kind, ownGenerics: params,
            inherited: inheritance?.inheritedTypes.map(\.type) ?? [], attributes: attributes, modifiers: modifiers,
            members: body.members, whereClause: whereClause, file: file, node: node, head: head, spi: spi)
        typeOrder.append(name)
        for member in body.members { collect(member.decl, scope: name, spi: spi, file: file) }
    }
}

extension String {
    /// `PageEntity<T>` -> `PageEntity`, `A<B>.C` -> `A.C`.
    func replacingGenericArguments() -> String {
        var out = "", depth = 0
        for c in self {
            if c == "<" { depth += 1 } else if c == ">" { depth -= 1 } else if depth == 0 && !c.isWhitespace { out.append(c) }
        }
        return out
    }

    func trimmingSpaces() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

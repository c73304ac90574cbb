import SwiftSyntax

/// The members of one type (declaration plus extensions) and the synthesis rules applied to them.
struct MemberContext {
    let builder: SchemaBuilder
    let decl: DeclarationIndex.TypeDecl
    let conformance: Conformance
    var issues: [SchemaDiagnostic] = []
    var handWrittenInit = false
    /// A hand-written `encode(to:)`: with it and a hand-written `init(from:)`, nothing is synthesized and
    /// the compiler checks neither `CodingKeys` against the properties nor the properties' types.
    var handWrittenEncode = false
    var storedFacts: [StoredFacts] = []
    /// Members with the file they are in: the declaration's body, then each extension's.
    let members: [(MemberBlockItemSyntax, Int)]
    var name: String { decl.qualifiedName }
    var scope: String { decl.qualifiedName }

    init(builder: SchemaBuilder, decl: DeclarationIndex.TypeDecl, conformance: Conformance) {
        self.builder = builder
        self.decl = decl
        self.conformance = conformance
        var all = decl.members.map { ($0, decl.file) }
        for ext in builder.extensions(of: decl.qualifiedName) { all += ext.members.map { ($0, ext.file) } }
        members = all
        for (member, file) in members {
            if let i = member.decl.as(InitializerDeclSyntax.self), i.signature.parameterClause.parameters.count == 1,
                i.signature.parameterClause.parameters.first?.firstName.text == "from"
            {
                handWrittenInit = true
                report(.handWrittenInit(type: decl.qualifiedName), i, file)
            }
            if let f = member.decl.as(FunctionDeclSyntax.self), f.name.text == "encode",
                f.signature.parameterClause.parameters.count == 1,
                f.signature.parameterClause.parameters.first?.firstName.text == "to"
            {
                handWrittenEncode = true
            }
        }
    }

    mutating func report(_ kind: SchemaDiagnostic.Kind, _ node: some SyntaxProtocol, _ file: Int) {
        issues.append(SchemaDiagnostic(kind, at: builder.index.location(node, file: file)))
    }

    static func hasAssociatedValues(_ members: MemberBlockItemListSyntax) -> Bool {
        members.contains { $0.decl.as(EnumCaseDeclSyntax.self)?.elements.contains { $0.parameterClause != nil } ?? false }
    }

    /// Generic parameters constrained to Decodable, from parameter clauses and where clauses.
    func decodableParameters(_ want: String = "Decodable") -> Set<String> {
        var result: Set<String> = []
        func check(_ t: TypeSyntax) -> Bool {
            var c = Conformance()
            c.add(t, index: builder.index, resolver: builder.resolver, scope: scope, isFirst: false)
            switch want {
            case "Hashable": return c.hashable
            case "Encodable": return c.encodable
            default: return c.decodable
            }
        }
        var parts = name.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            if let d = builder.index.types[parts.joined(separator: ".")] {
                for p in d.ownGenerics where p.constraints.contains(where: check) { result.insert(p.name) }
                for clause in [d.whereClause, conformance.decodableExtension?.whereClause].compactMap({ $0 }) {
                    for r in clause.requirements {
                        if case .conformanceRequirement(let c) = r.requirement, check(c.rightType) {
                            result.insert(c.leftType.trimmedDescription)
                        }
                    }
                }
            }
            parts.removeLast()
        }
        return result
    }

    /// Resolves a written type, reporting failures against `node`.
    mutating func resolve(_ type: TypeSyntax, file: Int, property: String) -> TypeRef? {
        do {
            return try builder.resolver.resolve(type, scope: scope)
        } catch {
            switch error {
            case .unknown(let n, let near): report(.unknownType(n, nearMatches: near), type, file)
            case .notDecodable: report(.notDecodable(type: name, property: property, propertyType: type.trimmedDescription), type, file)
            case .unsupported(let n): report(.unsupported(type: name, what: "'\(property)' of type \(n)"), type, file)
            case .wrongArgumentCount(let n, let e, let f): report(.wrongGenericArgumentCount(n, expected: e, found: f), type, file)
            case .tooLarge:
                let what = "'\(property)' of type \(type.trimmedDescription) (\(TypeResolver.tooLargeReason))"
                report(.unsupported(type: name, what: what), type, file)
            case .cyclicAlias(let chain):
                let generic = chain.first.flatMap { builder.index.aliases[$0] }.map { !$0.generics.isEmpty } ?? false
                let name = chain.first.map { $0.split(separator: ".").last.map(String.init) ?? $0 } ?? type.trimmedDescription
                report(.cyclicTypeAlias(name: name, generic: generic), type, file)
            }
            return nil
        }
    }

    /// Reports a decoded type that is not Decodable or whose Set/Dictionary keys are not Hashable.
    mutating func checkDecodable(_ type: TypeRef, _ node: some SyntaxProtocol, file: Int, property: String) {
        let decodable = decodableParameters(), hashable = decodableParameters("Hashable")
        if !builder.isDecodable(type, decodableParameters: decodable) {
            report(.notDecodable(type: name, property: property, propertyType: type.swiftSpelling), node, file)
        } else if conformance.encodable,
            !builder.isDecodable(type, decodableParameters: decodableParameters("Encodable"), encoding: true)
        {
            report(.notEncodable(type: name, property: property, propertyType: type.swiftSpelling), node, file)
        }
        func hashables(_ t: TypeRef) {
            switch t {
            case .optional(let i), .array(let i): hashables(i)
            case .set(let i):
                if !builder.isHashable(i, hashableParameters: hashable) { report(.notHashable(i.swiftSpelling), node, file) }
                hashables(i)
            case .dictionary(let k, let v):
                if !builder.isHashable(k, hashableParameters: hashable) { report(.notHashable(k.swiftSpelling), node, file) }
                hashables(v)
            case .named(_, let args): args.forEach(hashables)
            default: break
            }
        }
        hashables(type)
    }

    /// The user's `CodingKeys` (or `<Case>CodingKeys`) enum, if declared: keys in order.
    mutating func codingKeys(named keyName: String) -> [(String, CodingKeySpec, Syntax, Int)]? {
        for (member, file) in members {
            if let s = member.decl.as(StructDeclSyntax.self), s.name.text == keyName {
                report(.synthesisRefused(type: name, reason: "\(keyName) is not an enum"), s, file)
                return nil
            }
            guard let e = member.decl.as(EnumDeclSyntax.self), e.name.text == keyName else { continue }
            let inherited = e.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            if !inherited.contains(where: { $0 == "CodingKey" || $0 == "Swift.CodingKey" }) {
                report(.synthesisRefused(type: name, reason: "\(keyName) does not conform to CodingKey"), e, file)
            }
            let rawType = inherited.first.flatMap { ["String", "Int"].contains($0) ? $0 : nil }
            var keys: [(String, CodingKeySpec, Syntax, Int)] = []
            var nextInt = 0
            for m in e.memberBlock.members {
                guard let c = m.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in c.elements {
                    let caseName = element.name.text
                    let raw = element.rawValue?.value
                    var spec = CodingKeySpec(stringValue: caseName)
                    if rawType == "String" {
                        if let raw, let s = raw.as(StringLiteralExprSyntax.self), let text = s.representedLiteralValue {
                            spec.stringValue = text
                        } else if raw != nil {
                            report(
                                .synthesisRefused(type: name, reason: "\(keyName).\(caseName) has a raw value that is not a String"),
                                element, file)
                        }
                    } else if rawType == "Int" {
                        if let raw {
                            if let v = Int(raw.trimmedDescription.replacingOccurrences("_", "")) {
                                nextInt = v
                            } else {
                                report(
                                    .synthesisRefused(type: name, reason: "\(keyName).\(caseName) has a raw value that is not an Int"),
                                    element, file)
                            }
                        }
                        spec.intValue = nextInt
                        nextInt += 1
                    }
                    keys.append((caseName, spec, Syntax(element), file))
                }
            }
            return keys
        }
        return nil
    }
}

extension String {
    func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

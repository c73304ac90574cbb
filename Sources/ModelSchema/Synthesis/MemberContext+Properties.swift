import SwiftSyntax

extension MemberContext {
    /// Stored instance properties of the declaration's body, in order, with their treatment not yet decided.
    mutating func storedProperties() -> [PropertySchema] {
        var result: [PropertySchema] = []
        storedFacts = []
        for member in decl.members {
            guard let v = member.decl.as(VariableDeclSyntax.self) else { continue }
            let modifiers = v.modifiers.map(\.name.text)
            if modifiers.contains("static") || modifiers.contains("class") { continue }
            let isLazy = modifiers.contains("lazy")
            let isLet = v.bindingSpecifier.tokenKind == .keyword(.let)
            var wrapped = false
            for attribute in v.attributes {
                if case .attribute(let a) = attribute, !SchemaBuilder.harmlessPropertyAttributes(a.attributeName.trimmedDescription) {
                    report(.propertyWrapperOrMacro(type: name, attribute: a.attributeName.trimmedDescription), a, decl.file)
                    wrapped = true
                }
            }
            let bindings = Array(v.bindings)
            for (i, binding) in bindings.enumerated() {
                if let accessors = binding.accessorBlock {
                    switch accessors.accessors {
                    case .getter: continue
                    case .accessors(let list):
                        let kinds = list.map(\.accessorSpecifier.text)
                        if !kinds.allSatisfy({ $0 == "willSet" || $0 == "didSet" }) { continue }
                    }
                }
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    report(.unsupported(type: name, what: "the pattern '\(binding.pattern.trimmedDescription)'"), binding, decl.file)
                    continue
                }
                let propertyName = pattern.identifier.text.trimmingCharacters("`")
                let written =
                    binding.typeAnnotation?.type
                    ?? (binding.initializer == nil
                        ? bindings[(i + 1)...].first(where: { $0.typeAnnotation != nil })?.typeAnnotation?.type : nil)
                let hasInitialValue = binding.initializer != nil
                var text = (v.modifiers.map(\.trimmedDescription) + [v.bindingSpecifier.text]).joined(separator: " ")
                text += " " + pattern.trimmedDescription
                if let written { text += ": " + written.trimmedDescription }
                if let initializer = binding.initializer { text += " " + initializer.trimmedDescription }
                storedFacts.append(
                    StoredFacts(
                        name: propertyName, isLet: isLet, isLazy: isLazy, hasInitialValue: hasInitialValue, wrapped: wrapped,
                        written: written, initializer: binding.initializer?.value, node: Syntax(binding)))
                result.append(
                    PropertySchema(
                        name: propertyName, type: nil, codingKey: nil, treatment: .notDecoded,
                        location: builder.index.location(pattern, file: decl.file), declarationText: text))
            }
        }
        return result
    }

    /// The type of a `var x = literal` or `var x = Type(...)` without annotation.
    func inferredType(_ expr: ExprSyntax) -> TypeSyntax? {
        if expr.is(IntegerLiteralExprSyntax.self) { return TypeSyntax(IdentifierTypeSyntax(name: .identifier("Int"))) }
        if expr.is(FloatLiteralExprSyntax.self) { return TypeSyntax(IdentifierTypeSyntax(name: .identifier("Double"))) }
        if expr.is(StringLiteralExprSyntax.self) { return TypeSyntax(IdentifierTypeSyntax(name: .identifier("String"))) }
        if expr.is(BooleanLiteralExprSyntax.self) { return TypeSyntax(IdentifierTypeSyntax(name: .identifier("Bool"))) }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            var callee = call.calledExpression
            if let m = callee.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "init", let base = m.base { callee = base }
            if let ref = callee.as(DeclReferenceExprSyntax.self), ref.baseName.text.first?.isUppercase == true {
                return TypeSyntax(IdentifierTypeSyntax(name: .identifier(ref.baseName.text)))
            }
        }
        return nil
    }

    /// Applies the keyed synthesis rules to the stored properties; returns the case names
    /// of an explicit `CodingKeys` in declaration order (nil when the keys are synthesized).
    @discardableResult
    mutating func keyedDecoding(_ properties: inout [PropertySchema]) -> [String]? {
        let explicit = codingKeys(named: "CodingKeys")
        var keys: [String: CodingKeySpec] = [:]
        if let explicit {
            for (caseName, spec, node, file) in explicit {
                keys[caseName] = spec
                if !storedFacts.contains(where: { $0.name == caseName && !$0.isLazy }) {
                    report(.codingKeyWithoutProperty(type: name, key: caseName), node, file)
                }
            }
        } else {
            for f in storedFacts where !f.isLazy { keys[f.name] = CodingKeySpec(stringValue: f.name) }
        }
        for (i, facts) in storedFacts.enumerated() {
            var type: TypeRef?
            let written = facts.written ?? (facts.isLet ? nil : facts.initializer.flatMap(inferredType))
            if let written { type = resolve(written, file: decl.file, property: facts.name) }
            properties[i].type = type
            guard !facts.isLazy, let key = keys[facts.name] else {
                let implicitNil = !facts.isLet && (type?.isOptional ?? false)
                if explicit != nil && !facts.isLazy && !facts.hasInitialValue && !implicitNil {
                    report(.propertyMissingFromCodingKeys(type: name, property: facts.name), facts.node, decl.file)
                }
                continue
            }
            properties[i].codingKey = key
            if facts.isLet && facts.hasInitialValue {
                if explicit != nil { report(.letWithInitialValueInCodingKeys(type: name, property: facts.name), facts.node, decl.file) }
                continue
            }
            guard let type else {
                if written == nil && facts.written == nil {
                    report(.unsupported(type: name, what: "the type of '\(facts.name)' (write a type annotation)"), facts.node, decl.file)
                }
                continue
            }
            checkDecodable(type, facts.node, file: decl.file, property: facts.name)
            properties[i].treatment = type.isOptional ? .decodeIfPresent : .decode
        }
        return explicit?.map(\.0)
    }

    /// The properties in the order the synthesized `init(from:)` decodes them: the order of
    /// the `CodingKeys` cases when the type declares them (that order decides which error
    /// Foundation throws first), else declaration order.
    static func inDecodeOrder(_ properties: [PropertySchema], codingKeys: [String]?) -> [PropertySchema] {
        guard let codingKeys else { return properties }
        let rank = Dictionary(codingKeys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        return properties.enumerated().sorted {
            (rank[$0.element.name] ?? Int.max, $0.offset) < (rank[$1.element.name] ?? Int.max, $1.offset)
        }.map(\.element)
    }
}

/// What the syntax says about one stored property.
struct StoredFacts {
    var name: String
    var isLet: Bool
    var isLazy: Bool
    var hasInitialValue: Bool
    var wrapped: Bool
    var written: TypeSyntax?
    var initializer: ExprSyntax?
    var node: Syntax
}

extension String {
    func trimmingCharacters(_ c: Character) -> String { filter { $0 != c } }
}

import SwiftSyntax

extension MemberContext {
    /// The enum's cases with explicit or implicit raw values and associated values.
    mutating func enumCases() -> [EnumCaseSchema] {
        var result: [EnumCaseSchema] = []
        let rawType = conformance.rawType.flatMap(ScalarType.init(rawValue:))
        var previous: EnumCaseSchema.RawValue?
        var previousWasInteger = true
        var seenRaw: Set<EnumCaseSchema.RawValue> = []
        for member in decl.members {
            guard let c = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in c.elements {
                let caseName = element.name.text.trimmingCharacters("`")
                var raw: EnumCaseSchema.RawValue?
                let literal = element.rawValue?.value
                if let rawType {
                    if rawType == .string {
                        raw = .string(literal?.as(StringLiteralExprSyntax.self)?.representedLiteralValue ?? caseName)
                    } else if rawType.isInteger || rawType.isFloatingPoint {
                        let text = literal?.trimmedDescription.replacingOccurrences("_", "")
                        if let text, let v = Int(text) {
                            raw = .integer(v); previousWasInteger = true
                        } else if let text, let d = Double(text) {
                            raw = .floatingPoint(d); previousWasInteger = false
                        } else if literal == nil {
                            switch previous {
                            case nil: raw = .integer(0)
                            case .integer(let v)?: raw = .integer(v + 1)
                            default: break
                            }
                            if !previousWasInteger {
                                report(
                                    .synthesisRefused(type: name, reason: "case '\(caseName)' must declare a raw value"), element, decl.file
                                )
                            }
                        }
                    }
                    if let r = raw {
                        if seenRaw.contains(r) { report(.duplicateRawValue(type: name, caseName: caseName), element, decl.file) }
                        seenRaw.insert(r)
                        previous = r
                    }
                }
                var values: [EnumCaseSchema.AssociatedValue] = []
                for (i, parameter) in (element.parameterClause?.parameters ?? []).enumerated() {
                    let label = parameter.firstName.map { $0.text == "_" ? nil : $0.text } ?? nil
                    let type = resolve(parameter.type, file: decl.file, property: "\(caseName).\(label ?? "_\(i)")")
                    values.append(
                        EnumCaseSchema.AssociatedValue(
                            label: label, type: type ?? .scalar(.string), codingKey: CodingKeySpec(stringValue: label ?? "_\(i)"),
                            hasDefault: parameter.defaultValue != nil))
                    if let type, conformance.decodable, rawType == nil {
                        checkDecodable(type, parameter, file: decl.file, property: "\(caseName).\(label ?? "_\(i)")")
                    }
                }
                let capitalized = caseName.prefix(1).uppercased() + caseName.dropFirst()
                result.append(
                    EnumCaseSchema(
                        name: caseName, codingKey: CodingKeySpec(stringValue: caseName), rawValue: raw,
                        associatedValues: values, codingKeysTypeName: capitalized + "CodingKeys",
                        location: builder.index.location(element, file: decl.file)))
            }
        }
        if rawType != nil, result.contains(where: { !$0.associatedValues.isEmpty }) {
            report(.synthesisRefused(type: name, reason: "an enum with a raw type cannot have associated values"), decl.node, decl.file)
        }
        return result
    }

    /// Applies SE-0295: case keys from `CodingKeys`, associated-value keys from `<Case>CodingKeys`.
    mutating func caseDecoding(_ cases: [EnumCaseSchema]) -> [EnumCaseSchema] {
        var cases = cases
        if cases.isEmpty {
            report(.synthesisRefused(type: name, reason: "an empty enum cannot be decoded"), decl.node, decl.file)
        }
        var seen: Set<String> = []
        for c in cases {
            if !seen.insert(c.name).inserted {
                report(.synthesisRefused(type: name, reason: "more than one case is named '\(c.name)'"), decl.node, decl.file)
            }
        }
        if let keys = codingKeys(named: "CodingKeys") {
            for (keyName, _, node, file) in keys where !cases.contains(where: { $0.name == keyName }) {
                report(.codingKeyWithoutProperty(type: name, key: keyName), node, file)
            }
            for i in cases.indices { cases[i].codingKey = keys.first(where: { $0.0 == cases[i].name })?.1 }
        }
        for i in cases.indices {
            guard let keys = codingKeys(named: cases[i].codingKeysTypeName) else { continue }
            let names = cases[i].associatedValues.enumerated().map { $0.element.label ?? "_\($0.offset)" }
            for (keyName, _, node, file) in keys where !names.contains(keyName) {
                report(.codingKeyWithoutProperty(type: name, key: keyName), node, file)
            }
            for j in cases[i].associatedValues.indices {
                let key = keys.first(where: { $0.0 == names[j] })?.1
                cases[i].associatedValues[j].codingKey = key
                if key == nil && !cases[i].associatedValues[j].hasDefault {
                    report(.propertyMissingFromCodingKeys(type: name, property: "\(cases[i].name).\(names[j])"), decl.node, decl.file)
                }
            }
        }
        return cases
    }

    /// How the type decodes, applying the class, extension and enum rules.
    mutating func decoding(cases: [EnumCaseSchema], properties: inout [PropertySchema]) -> TypeSchema.Decoding? {
        let declaresDirectly = conformance.decodableExtension == nil
        if decl.kind == .enum, let raw = conformance.rawType, let scalar = ScalarType(rawValue: raw) {
            return .rawValue(scalar, cases: cases)
        }
        if let ext = conformance.decodableExtension, ext.file != decl.file {
            report(
                .synthesisRefused(type: name, reason: "the extension adding Decodable is outside the file declaring the type"), ext.node,
                ext.file)
        }
        if decl.kind == .enum {
            return .cases(caseDecoding(cases))
        }
        if decl.kind == .class {
            let isFinal = decl.modifiers.contains { $0.name.text == "final" }
            if !declaresDirectly && !isFinal, conformance.decodableExtension != nil {
                report(
                    .synthesisRefused(type: name, reason: "a non-final class cannot get init(from:) synthesized in an extension"),
                    decl.node, decl.file)
            }
            if let superclass = conformance.superclass {
                var own = Conformance()
                for (i, t) in decl.inherited.enumerated() {
                    own.add(t, index: builder.index, resolver: builder.resolver, scope: builder.parentScope(name), isFirst: i == 0)
                }
                let superDecodable = builder.conformances[superclass]?.decodable ?? false
                if superDecodable {
                    if own.decodable {
                        report(
                            .synthesisRefused(
                                type: name, reason: "redundant conformance to Decodable (the superclass \(superclass) is Decodable)"),
                            decl.node, decl.file)
                    }
                    keyedDecoding(&properties)
                    issues.removeAll { if case .propertyMissingFromCodingKeys = $0.kind { true } else { false } }
                    if storedFacts.contains(where: {
                        !$0.hasInitialValue && !$0.isLazy && !(($0.written.map { $0.is(OptionalTypeSyntax.self) } ?? false) && !$0.isLet)
                    }) {
                        report(
                            .synthesisRefused(type: name, reason: "class has no initializers (it must provide the required init(from:))"),
                            decl.node, decl.file)
                    }
                    for i in properties.indices { properties[i].treatment = .notDecoded }
                    return .inherited(superclass: superclass)
                }
                if !superclassHasPlainInit(superclass) {
                    report(
                        .synthesisRefused(type: name, reason: "the superclass \(superclass) has no init() to call"), decl.node, decl.file)
                }
            } else if decl.inherited.first.map({ ["NSObject"].contains($0.trimmedDescription) }) == true {
                report(.unsupported(type: name, what: "the superclass \(decl.inherited.first!.trimmedDescription)"), decl.node, decl.file)
            }
        }
        let codingKeys = keyedDecoding(&properties)
        return .keyed(properties: Self.inDecodeOrder(properties, codingKeys: codingKeys))
    }

    private func superclassHasPlainInit(_ superclass: String) -> Bool {
        guard let s = builder.index.types[superclass] else { return false }
        let inits = s.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        if inits.isEmpty {
            return s.members.allSatisfy { m in
                guard let v = m.decl.as(VariableDeclSyntax.self) else { return true }
                return v.bindings.allSatisfy { $0.initializer != nil || $0.accessorBlock != nil }
                    || v.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
            }
        }
        return inits.contains { $0.signature.parameterClause.parameters.isEmpty }
    }
}

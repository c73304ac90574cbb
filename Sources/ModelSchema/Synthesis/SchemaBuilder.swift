import SwiftSyntax

/// Applies the compiler's `Decodable` synthesis rules to every declared type.
struct SchemaBuilder {
    let index: DeclarationIndex
    let resolver: TypeResolver
    var conformances: [String: Conformance] = [:]
    var diagnostics: [SchemaDiagnostic] = []

    init(index: DeclarationIndex) {
        self.index = index
        var generics: [String: [String]] = [:]
        for name in index.typeOrder {
            let parts = name.split(separator: ".").map(String.init)
            var all: [String] = []
            for i in 1...parts.count {
                all += index.types[parts[0..<i].joined(separator: ".")]?.ownGenerics.map(\.name) ?? []
            }
            generics[name] = all
        }
        resolver = TypeResolver(index: index, generics: generics)
        for name in index.typeOrder { conformances[name] = conformance(of: name) }
    }

    /// Extensions that extend the named type.
    func extensions(of name: String) -> [DeclarationIndex.ExtensionDecl] {
        index.extensions.filter { $0.extendedName == name || resolver.lookupDeclared($0.extendedName, scope: nil) == name }
    }

    private func conformance(of name: String) -> Conformance {
        guard let decl = index.types[name] else { return Conformance() }
        let scope = parentScope(name)
        var result = Conformance()
        for (i, inherited) in decl.inherited.enumerated() {
            result.add(inherited, index: index, resolver: resolver, scope: scope, isFirst: i == 0)
        }
        for ext in extensions(of: name) {
            let before = result.decodable
            for inherited in ext.inherited {
                result.add(inherited, index: index, resolver: resolver, scope: scope, isFirst: false)
            }
            if !before && result.decodable && result.decodableExtension == nil { result.decodableExtension = ext }
        }
        if result.decodable == false, let superclass = result.superclass, superclassIsDecodable(superclass, depth: 0) {
            result.decodable = true
        }
        return result
    }

    private func superclassIsDecodable(_ name: String, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        let c = conformanceIgnoringSuperclass(name)
        if c.decodable { return true }
        return c.superclass.map { superclassIsDecodable($0, depth: depth + 1) } ?? false
    }

    private func conformanceIgnoringSuperclass(_ name: String) -> Conformance {
        guard let decl = index.types[name] else { return Conformance() }
        var result = Conformance()
        for (i, t) in decl.inherited.enumerated() {
            result.add(t, index: index, resolver: resolver, scope: parentScope(name), isFirst: i == 0)
        }
        for ext in extensions(of: name) {
            for t in ext.inherited { result.add(t, index: index, resolver: resolver, scope: parentScope(name), isFirst: false) }
        }
        return result
    }

    func parentScope(_ name: String) -> String? {
        let parts = name.split(separator: ".")
        return parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil
    }

    mutating func buildAll() -> [String: TypeSchema] {
        var result: [String: TypeSchema] = [:]
        for name in index.typeOrder {
            guard let decl = index.types[name] else { continue }
            result[name] = build(decl)
        }
        let overloads = ContainerOverloads(index: index, resolver: resolver)
        if !overloads.isEmpty {
            for name in index.typeOrder { refuseOverloadedCalls(in: &result[name], overloads) }
        }
        for name in index.typeOrder where result[name]?.kind == .struct && containsItself(name, result) {
            guard let decl = index.types[name] else { continue }
            let d = SchemaDiagnostic(
                .synthesisRefused(type: name, reason: "value type '\(name)' cannot have a stored property that recursively contains it"),
                at: index.location(decl.node, file: decl.file))
            result[name]?.issues.append(d)
            result[name]?.decoding = nil
            diagnostics.append(d)
        }
        return result
    }

    /// Leaves a type without a decoding when one of its synthesized container calls would pick a
    /// `KeyedDecodingContainer` overload from the model sources, naming the property and the overload.
    private mutating func refuseOverloadedCalls(in schema: inout TypeSchema?, _ overloads: ContainerOverloads) {
        guard let decoding = schema?.decoding, let name = schema?.qualifiedName else { return }
        var calls: [(property: String, type: TypeRef, ifPresent: Bool, location: ModelLocation)] = []
        switch decoding {
        case .keyed(let properties):
            calls = properties.compactMap { p in p.type.map { (p.name, $0, p.usesDecodeIfPresent, p.location) } }
        case .cases(let cases):
            calls = cases.flatMap { c in
                c.associatedValues.enumerated().map { i, v in
                    (c.name + "." + (v.label ?? "_\(i)"), v.type, v.usesDecodeIfPresent, c.location)
                }
            }
        default: return
        }
        for call in calls {
            guard let overload = overloads.overload(forPropertyOf: call.type, usesDecodeIfPresent: call.ifPresent) else { continue }
            let d = SchemaDiagnostic(
                .containerOverload(
                    type: name, property: call.property, overload: overload.signature,
                    overloadLocation: overload.location), at: call.location)
            schema?.issues.append(d)
            schema?.decoding = nil
            diagnostics.append(d)
            return
        }
    }

    /// Whether a struct stores itself inline (directly or through Optional or other structs), which Swift rejects.
    private func containsItself(_ name: String, _ types: [String: TypeSchema]) -> Bool {
        var visited: Set<String> = []
        func inline(_ t: TypeRef) -> [String] {
            switch t {
            case .optional(let i): inline(i)
            case .named(let n, _) where types[n]?.kind == .struct: [n]
            default: []
            }
        }
        var stack = types[name]?.properties.compactMap(\.type).flatMap(inline) ?? []
        while let next = stack.popLast() {
            if next == name { return true }
            guard visited.insert(next).inserted else { continue }
            stack += types[next]?.properties.compactMap(\.type).flatMap(inline) ?? []
        }
        return false
    }

    private mutating func build(_ decl: DeclarationIndex.TypeDecl) -> TypeSchema {
        let name = decl.qualifiedName
        let conformance = conformances[name] ?? Conformance()
        var schema = TypeSchema(
            qualifiedName: name, kind: decl.kind, genericParameters: resolver.generics[name] ?? [],
            isDecodable: conformance.decodable, isCodingKeyRepresentable: conformance.codingKeyRepresentable,
            decoding: nil, properties: [], cases: [], location: index.location(decl.node, file: decl.file),
            declarationText: decl.head, issues: [])
        var issues: [SchemaDiagnostic] = []
        func report(_ kind: SchemaDiagnostic.Kind, _ node: some SyntaxProtocol, _ file: Int) {
            issues.append(SchemaDiagnostic(kind, at: index.location(node, file: file)))
        }
        for attribute in decl.attributes {
            if case .attribute(let a) = attribute, !Self.harmlessTypeAttributes(a.attributeName.trimmedDescription) {
                report(.propertyWrapperOrMacro(type: name, attribute: a.attributeName.trimmedDescription), a, decl.file)
            }
        }
        if !conformance.decodable, let unknown = conformance.unknownProtocols.first {
            report(.unknownConformance(type: name, protocolName: unknown), decl.node, decl.file)
        }
        var context = MemberContext(builder: self, decl: decl, conformance: conformance)
        if decl.kind == .enum {
            schema.cases = context.enumCases()
        } else {
            schema.properties = context.storedProperties()
        }
        // With a hand-written init(from:), the synthesis rules apply only where encode(to:) is still synthesized.
        let synthesizes = !context.handWrittenInit || (conformance.encodable && !context.handWrittenEncode)
        if conformance.decodable && synthesizes {
            schema.decoding = context.decoding(cases: schema.cases, properties: &schema.properties)
            if case .cases(let cases)? = schema.decoding { schema.cases = cases }
            if context.handWrittenInit { schema.decoding = nil }
        }
        issues += context.issues
        if issues.contains(where: { $0.severity == .error || $0.severity == .uninterpretable }) { schema.decoding = nil }
        schema.issues = issues
        diagnostics += issues
        return schema
    }

    static func harmlessTypeAttributes(_ name: String) -> Bool {
        name.hasPrefix("_")
            || [
                "available", "frozen", "objc", "nonobjc", "MainActor", "dynamicMemberLookup",
                "usableFromInline", "preconcurrency", "unchecked", "objcMembers",
            ].contains(name)
    }

    static func harmlessPropertyAttributes(_ name: String) -> Bool {
        name.hasPrefix("_")
            || [
                "available", "objc", "nonobjc", "MainActor", "usableFromInline", "inlinable",
                "preconcurrency", "NSCopying", "IBOutlet", "IBInspectable",
            ].contains(name)
    }

    /// Whether values of `type` are Decodable, given the generic parameters known to be Decodable.
    func isDecodable(_ type: TypeRef, decodableParameters: Set<String>, encoding: Bool = false) -> Bool {
        func check(_ t: TypeRef) -> Bool { isDecodable(t, decodableParameters: decodableParameters, encoding: encoding) }
        switch type {
        case .scalar: return true
        case .optional(let t), .array(let t), .set(let t): return check(t)
        case .dictionary(let k, let v): return check(k) && check(v)
        case .named(let n, let args):
            let c = conformances[n]
            let conforms =
                encoding
                ? (c?.encodable ?? false) || (c?.superclass.map { conformances[$0]?.encodable ?? false } ?? false)
                : (c?.decodable ?? false)
            return conforms && args.allSatisfy(check)
        case .genericParameter(let p): return decodableParameters.contains(p)
        }
    }

    /// Whether values of `type` are Hashable (Set elements, dictionary keys); unknown generic parameters count as not.
    func isHashable(_ type: TypeRef, hashableParameters: Set<String>) -> Bool {
        switch type {
        case .scalar: true
        case .optional(let t), .array(let t), .set(let t): isHashable(t, hashableParameters: hashableParameters)
        case .dictionary(let k, let v):
            isHashable(k, hashableParameters: hashableParameters) && isHashable(v, hashableParameters: hashableParameters)
        case .named(let n, _):
            (conformances[n]?.hashable ?? false) || (conformances[n]?.rawType != nil)
                || (index.types[n]?.kind == .enum && !MemberContext.hasAssociatedValues(index.types[n]!.members))
        case .genericParameter(let p): hashableParameters.contains(p)
        }
    }
}

import SwiftSyntax

extension Schema {
    /// The hand-written `init(from:)` of a type (in its body or an extension), read from the syntax
    /// trees already parsed; nil when the type has none.
    public func handWrittenInit(of typeName: String) -> HandWrittenInit? {
        handWrittenInits.value(typeName) { HandWrittenInitReader(builder: builder).read(typeName) }
    }
}

/// Reads a type's hand-written `init(from:)` into a ``HandWrittenInit``: container calls in source
/// order, each receiver followed back to the binding that made it.
struct HandWrittenInitReader {
    let builder: SchemaBuilder
    var index: DeclarationIndex { builder.index }

    static let methods: Set<String> = [
        "decode", "decodeIfPresent", "contains", "decodeNil", "nestedContainer", "nestedUnkeyedContainer",
        "superDecoder", "container", "unkeyedContainer", "singleValueContainer",
    ]

    func read(_ typeName: String) -> HandWrittenInit? {
        guard let decl = index.types[typeName] else { return nil }
        var members = decl.members.map { ($0, decl.file) }
        for ext in builder.extensions(of: typeName) { members += ext.members.map { ($0, ext.file) } }
        guard
            let (initializer, file) = members.lazy.compactMap({ member, file -> (InitializerDeclSyntax, Int)? in
                guard let i = member.decl.as(InitializerDeclSyntax.self), i.signature.parameterClause.parameters.count == 1,
                    let parameter = i.signature.parameterClause.parameters.first, parameter.firstName.text == "from"
                else { return nil }
                return (i, file)
            }).first, let body = initializer.body
        else { return nil }
        let source = index.sources[file]
        let converter = index.converters[file]
        let parameter = initializer.signature.parameterClause.parameters.first
        let decoderName = (parameter?.secondName ?? parameter?.firstName)?.text ?? "decoder"

        var keyEnums: [String: [String: String]] = [:]
        for (member, _) in members {
            if let e = member.decl.as(EnumDeclSyntax.self), Self.isCodingKey(e) { keyEnums[e.name.text] = Self.cases(of: e) }
        }
        var properties: [String: HandWrittenInit.Property] = [:]
        for (member, memberFile) in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let type = binding.typeAnnotation?.type, binding.accessorBlock == nil
                else { continue }
                properties[name] = HandWrittenInit.Property(
                    name: name, typeText: type.trimmedDescription,
                    typeRange: type.positionAfterSkippingLeadingTrivia.utf8Offset..<type.endPositionBeforeTrailingTrivia.utf8Offset,
                    file: index.sources[memberFile].path)
            }
        }

        let collector = CallCollector(viewMode: .sourceAccurate)
        collector.walk(body)
        var resolver = ReceiverResolver(decoderName: decoderName, bindings: collector.bindings, reassigned: collector.reassigned)
        var calls: [HandWrittenInit.CallSite] = []
        for call in collector.calls {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { continue }
            let method = member.declName.baseName.text
            let arguments = Array(call.arguments)
            let keyArgument = arguments.first { $0.label?.text == "forKey" }
            let typeArgument = arguments.first { $0.label == nil || $0.label?.text == "keyedBy" }
            let typeExpr = typeArgument?.expression.as(MemberAccessExprSyntax.self).flatMap {
                $0.declName.baseName.text == "self" ? $0.base : nil
            }
            let (receiver, depth, keyEnum) = resolver.describe(member.base)
            if let keyEnum, keyEnums[keyEnum] == nil, let e = index.types[keyEnum]?.node.as(EnumDeclSyntax.self) {
                keyEnums[keyEnum] = Self.cases(of: e)
            }
            let location = converter.location(for: member.declName.positionAfterSkippingLeadingTrivia)
            calls.append(
                HandWrittenInit.CallSite(
                    receiver: receiver, method: method, keyCase: keyArgument.flatMap { Self.keyCase($0.expression) },
                    hasKeyArgument: keyArgument != nil, keyText: keyArgument?.expression.trimmedDescription, keyEnum: keyEnum,
                    typeText: typeExpr?.trimmedDescription, depth: depth,
                    location: ModelLocation(file: source.path, line: location.line, column: location.column),
                    methodRange: member.declName.positionAfterSkippingLeadingTrivia
                        .utf8Offset..<member.declName.endPositionBeforeTrailingTrivia.utf8Offset,
                    typeRange: typeExpr.map {
                        $0.positionAfterSkippingLeadingTrivia.utf8Offset..<$0.endPositionBeforeTrailingTrivia.utf8Offset
                    },
                    callEnd: call.endPositionBeforeTrailingTrivia.utf8Offset, property: Self.assignedProperty(call),
                    local: Self.boundLocal(call)))
        }
        let first = converter.location(for: initializer.positionAfterSkippingLeadingTrivia).line
        let last = converter.location(for: initializer.endPositionBeforeTrailingTrivia).line
        let fileLines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = (first...max(first, last)).map { $0 - 1 < fileLines.count ? String(fileLines[$0 - 1]) : "" }
        return HandWrittenInit(
            typeName: decl.qualifiedName, file: source.path, firstLine: first, lines: lines, calls: calls,
            keyEnums: keyEnums, properties: properties)
    }

    static func isCodingKey(_ e: EnumDeclSyntax) -> Bool {
        (e.inheritanceClause?.inheritedTypes ?? []).contains { ["CodingKey", "Swift.CodingKey"].contains($0.type.trimmedDescription) }
    }

    /// Case name to `stringValue`: a String raw value when written, else the case's name.
    static func cases(of e: EnumDeclSyntax) -> [String: String] {
        var result: [String: String] = [:]
        for member in e.memberBlock.members {
            guard let c = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in c.elements {
                let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                result[element.name.text] = raw ?? element.name.text
            }
        }
        return result
    }

    /// `.name`, `CodingKeys.name`, `Self.CodingKeys.name` → `name`.
    static func keyCase(_ expression: ExprSyntax) -> String? {
        guard let access = expression.as(MemberAccessExprSyntax.self) else { return nil }
        return access.declName.baseName.text
    }

    /// `let height = try c.decode(…)` (or `var`, possibly `try?`): `height`.
    static func boundLocal(_ call: FunctionCallExprSyntax) -> String? {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
        guard let clause = node.parent?.as(InitializerClauseSyntax.self),
            let binding = clause.parent?.as(PatternBindingSyntax.self)
        else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// `name = try c.decode(…)` or `self.name = try c.decode(…)`, possibly `… ?? default`: `name`.
    static func assignedProperty(_ call: FunctionCallExprSyntax) -> String? {
        var node = Syntax(call)
        // Up through `try` and `await` to the element of the statement's expression sequence.
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
        guard let list = node.parent?.as(ExprListSyntax.self) else { return nil }
        let elements = Array(list)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
            elements[2].id == node.id
        else { return nil }
        if let reference = elements[0].as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let access = elements[0].as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            return access.declName.baseName.text
        }
        return nil
    }
}

/// Container calls and `let`/`var` bindings in an initializer's body, in source order.
private final class CallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []
    /// A binding's name and the call its initializer makes (after `try`), for following receivers.
    var bindings: [String: FunctionCallExprSyntax] = [:]
    /// The names assigned again after their binding (`container = try container.nestedContainer(…)`
    /// in a loop that follows a key path): how deep such a container is depends on the run.
    var reassigned: Set<String> = []

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), let name = elements[0].as(DeclReferenceExprSyntax.self) {
            reassigned.insert(name.baseName.text)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            HandWrittenInitReader.methods.contains(member.declName.baseName.text), member.base != nil
        {
            calls.append(node)
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, var value = node.initializer?.value {
            while let t = value.as(TryExprSyntax.self) { value = t.expression }
            if let call = value.as(FunctionCallExprSyntax.self) { bindings[name] = call }
        }
        return .visitChildren
    }
}

/// What a call's receiver is: follows `container`, `profile` back to `decoder.container(…)`,
/// `container.nestedContainer(…)`, counting the containers below the decoder.
private struct ReceiverResolver {
    typealias Description = (HandWrittenInit.CallSite.Receiver, Int?, String?)
    let decoderName: String
    let bindings: [String: FunctionCallExprSyntax]
    /// Containers assigned again: their kind and key enum are known, their depth is not.
    let reassigned: Set<String>
    var memo: [String: Description] = [:]
    var visiting: Set<String> = []

    mutating func describe(_ base: ExprSyntax?) -> Description {
        guard let reference = base?.as(DeclReferenceExprSyntax.self) else { return (.unknown, nil, nil) }
        let name = reference.baseName.text
        if name == decoderName, bindings[name] == nil { return (.decoder, 0, nil) }
        if let known = memo[name] { return known }
        guard let call = bindings[name], let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            visiting.insert(name).inserted
        else { return (.unknown, nil, nil) }
        defer { visiting.remove(name) }
        let (_, depth, _) = describe(member.base)
        let keyEnum = call.arguments.first { $0.label?.text == "keyedBy" }?.expression.as(MemberAccessExprSyntax.self)?.base?
            .trimmedDescription
            .split(separator: ".").last.map(String.init)
        let below = depth.map { $0 + 1 }
        let result: Description =
            switch member.declName.baseName.text {
            case "container": (.keyed, depth, keyEnum)
            case "unkeyedContainer": (.unkeyed, depth, nil)
            case "singleValueContainer": (.single, depth, nil)
            case "nestedContainer": (.keyed, below, keyEnum)
            case "nestedUnkeyedContainer": (.unkeyed, below, nil)
            case "superDecoder": (.decoder, below, nil)
            default: (.unknown, nil, nil)
            }
        let described = reassigned.contains(name) ? (result.0, nil, result.2) : result
        memo[name] = described
        return described
    }
}

import JSONTree
import SwiftSyntax

/// Resolves written types to `TypeRef`s with Swift's name lookup: innermost scope first, then top level, then the standard library.
struct TypeResolver {
    enum Failure: Error, Hashable {
        case unknown(String, near: [String])
        case notDecodable(String)
        case unsupported(String)
        case wrongArgumentCount(String, expected: Int, found: Int)
        /// An alias reached again while it is being expanded: the aliases of the cycle, in order.
        case cyclicAlias([String])
        /// Typealiases that expand past `resolutionBudget` written types (`typealias A2 = P<A1, A1>`,
        /// doubling per alias) or more than `aliasDepth` inside one another: valid Swift, but its
        /// tree would be exponential in the source's size.
        case tooLarge(String)
    }

    let index: DeclarationIndex
    /// Generic parameters in scope for each type, outermost first.
    let generics: [String: [String]]
    /// Generic parameters of the typealias being expanded.
    var aliasParameters: Set<String> = []
    /// The typealiases being expanded, outermost first: one reached again is a cycle, not a recursion without end.
    var expandingAliases: [String] = []
    /// At most this many typealiases are expanded inside one another (each may nest to `NestingLimit`).
    static let aliasDepth = 16
    /// At most this many written types are resolved for one type (its typealiases expanded).
    static let resolutionBudget = 2_000
    static let tooLargeReason = "its typealiases expand to more than \(resolutionBudget) types or \(aliasDepth) inside one another"

    static let notDecodableNames: Set<String> = ["Any", "AnyObject", "Character", "Substring", "Void", "NSObject", "AnyHashable"]
    static let unmodelledNames: Set<String> = [
        "TimeZone", "Locale", "Calendar", "URLComponents", "DateComponents", "IndexSet", "Range", "ClosedRange",
        "Int128", "UInt128", "Float16", "CharacterSet", "Measurement", "PersonNameComponents", "DateInterval", "Duration",
    ]
    /// Typealiases of the standard library and Foundation for scalar types (`TimeInterval` is `Double`).
    static let standardAliases: [String: ScalarType] = [
        "TimeInterval": .double, "Float64": .double, "Float32": .float, "StringLiteralType": .string,
        "IntegerLiteralType": .int, "FloatLiteralType": .double, "BooleanLiteralType": .bool,
    ]
    static let moduleNames: Set<String> = ["Swift", "Foundation", "CoreGraphics", "CoreFoundation"]

    func resolve(_ type: TypeSyntax, scope: String?) throws(Failure) -> TypeRef {
        var budget = Self.resolutionBudget
        return try resolve(type, scope: scope, budget: &budget)
    }

    private func resolve(_ type: TypeSyntax, scope: String?, budget: inout Int) throws(Failure) -> TypeRef {
        budget -= 1
        guard budget >= 0 else { throw .tooLarge(type.trimmedDescription) }
        if let t = type.as(OptionalTypeSyntax.self) { return .optional(try resolve(t.wrappedType, scope: scope, budget: &budget)) }
        if let t = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return .optional(try resolve(t.wrappedType, scope: scope, budget: &budget))
        }
        if let t = type.as(ArrayTypeSyntax.self) { return .array(try resolve(t.element, scope: scope, budget: &budget)) }
        if let t = type.as(DictionaryTypeSyntax.self) {
            return .dictionary(
                key: try resolve(t.key, scope: scope, budget: &budget), value: try resolve(t.value, scope: scope, budget: &budget))
        }
        if let t = type.as(TupleTypeSyntax.self), t.elements.count == 1, let only = t.elements.first, only.firstName == nil {
            return try resolve(only.type, scope: scope, budget: &budget)
        }
        if let t = type.as(AttributedTypeSyntax.self) { return try resolve(t.baseType, scope: scope, budget: &budget) }
        if let t = type.as(IdentifierTypeSyntax.self) {
            let args = try (t.genericArgumentClause?.arguments ?? []).map { (a) throws(Failure) -> TypeRef in
                guard case .type(let ty) = a.argument else { throw .notDecodable(a.trimmedDescription) }
                return try resolve(ty, scope: scope, budget: &budget)
            }
            return try lookup(t.name.text, arguments: args, scope: scope, budget: &budget)
        }
        if let t = type.as(MemberTypeSyntax.self) {
            let args = try (t.genericArgumentClause?.arguments ?? []).map { (a) throws(Failure) -> TypeRef in
                guard case .type(let ty) = a.argument else { throw .notDecodable(a.trimmedDescription) }
                return try resolve(ty, scope: scope, budget: &budget)
            }
            if let base = t.baseType.as(IdentifierTypeSyntax.self), Self.moduleNames.contains(base.name.text),
                lookupDeclared(base.name.text, scope: scope) == nil
            {
                guard let b = try builtin(t.name.text, arguments: args) else {
                    throw .unknown(t.trimmedDescription, near: [])
                }
                return b
            }
            let base = try resolve(t.baseType, scope: scope, budget: &budget)
            guard case .named(let baseName, let baseArguments) = base else { throw .unknown(t.trimmedDescription, near: []) }
            let member = baseName + "." + t.name.text
            if index.types[member] != nil {
                // A type nested in a generic type takes the outer type's arguments first: `Page<Song>.Kind`.
                return try named(member, arguments: baseArguments + args, budget: &budget)
            }
            if index.aliases[member] != nil { return try named(member, arguments: args, budget: &budget) }
            if t.name.text == "ID", args.isEmpty, let id = try identifiableID(of: baseName, budget: &budget) {
                return id.substituting(Dictionary(zip(generics[baseName] ?? [], baseArguments), uniquingKeysWith: { a, _ in a }))
            }
            throw .unknown(t.trimmedDescription, near: nearMatches(t.name.text))
        }
        throw .notDecodable(type.trimmedDescription)
    }

    /// Expands a declared typealias on its own (its generic parameters left as they are), to find cycles.
    func expandAlias(_ qualified: String) throws(Failure) {
        guard let alias = index.aliases[qualified] else { return }
        var budget = Self.resolutionBudget
        _ = try named(qualified, arguments: alias.generics.map { .genericParameter($0) }, budget: &budget)
    }

    /// The qualified name a simple name refers to from `scope`, innermost first.
    func lookupDeclared(_ name: String, scope: String?) -> String? {
        var parts = scope.map { $0.split(separator: ".").map(String.init) } ?? []
        while true {
            let candidate = (parts + [name]).joined(separator: ".")
            if index.types[candidate] != nil || index.aliases[candidate] != nil { return candidate }
            if parts.isEmpty { return nil }
            parts.removeLast()
        }
    }

    private func genericParameter(_ name: String, scope: String?) -> Bool {
        if aliasParameters.contains(name) { return true }
        guard let scope else { return false }
        var parts = scope.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            if generics[parts.joined(separator: ".")]?.contains(name) == true { return true }
            parts.removeLast()
        }
        return false
    }

    private func lookup(_ name: String, arguments: [TypeRef], scope: String?, budget: inout Int) throws(Failure) -> TypeRef {
        if name == "Self", let scope {
            return .named(qualifiedName: scope, arguments: (generics[scope] ?? []).map { .genericParameter($0) })
        }
        if arguments.isEmpty && genericParameter(name, scope: scope) { return .genericParameter(name) }
        if let declared = lookupDeclared(name, scope: scope) {
            // Inside a generic type, a nested type named plainly (`Kind` in `Page<T>`) carries the outer parameters.
            let outer = index.types[declared] != nil ? (generics[parentName(declared)] ?? []) : []
            let own = (generics[declared]?.count ?? 0) - outer.count
            if !outer.isEmpty && arguments.count == own {
                return try named(declared, arguments: outer.map { .genericParameter($0) } + arguments, budget: &budget)
            }
            return try named(declared, arguments: arguments, budget: &budget)
        }
        if let b = try builtin(name, arguments: arguments) { return b }
        throw .unknown(name, near: nearMatches(name))
    }

    private func named(_ qualified: String, arguments: [TypeRef], budget: inout Int) throws(Failure) -> TypeRef {
        if let alias = index.aliases[qualified] {
            if let start = expandingAliases.firstIndex(of: qualified) { throw .cyclicAlias(Array(expandingAliases[start...])) }
            guard expandingAliases.count < Self.aliasDepth else { throw .tooLarge(qualified) }
            guard alias.generics.count == arguments.count else {
                throw .wrongArgumentCount(qualified, expected: alias.generics.count, found: arguments.count)
            }
            let scope = qualified.split(separator: ".").dropLast().joined(separator: ".")
            var inner = self
            inner.aliasParameters = Set(alias.generics)
            inner.expandingAliases.append(qualified)
            let target = try inner.resolve(alias.target, scope: scope.isEmpty ? nil : scope, budget: &budget)
            return target.substituting(Dictionary(zip(alias.generics, arguments), uniquingKeysWith: { a, _ in a }))
        }
        let expected = generics[qualified]?.count ?? 0
        guard expected == arguments.count else {
            throw .wrongArgumentCount(qualified, expected: expected, found: arguments.count)
        }
        return .named(qualifiedName: qualified, arguments: arguments)
    }

    private func parentName(_ qualified: String) -> String {
        qualified.split(separator: ".").dropLast().joined(separator: ".")
    }

    /// `Company.ID` for an `Identifiable` type that does not declare `ID` itself: the type of its `id` property,
    /// as `Identifiable` infers its associated type.
    private func identifiableID(of typeName: String, budget: inout Int) throws(Failure) -> TypeRef? {
        guard let decl = index.types[typeName] else { return nil }
        let extensions = index.extensions.filter { $0.extendedName == typeName }
        let inherited = decl.inherited + extensions.flatMap(\.inherited)
        guard inherited.contains(where: { ["Identifiable", "Swift.Identifiable"].contains($0.trimmedDescription) }) else { return nil }
        let members = Array(decl.members) + extensions.flatMap { Array($0.members) }
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.trimmedDescription == "id" {
                guard let annotation = binding.typeAnnotation?.type else { return nil }
                return try resolve(annotation, scope: typeName, budget: &budget)
            }
        }
        return nil
    }

    private func builtin(_ name: String, arguments: [TypeRef]) throws(Failure) -> TypeRef? {
        func expect(_ n: Int) throws(Failure) {
            if arguments.count != n { throw .wrongArgumentCount(name, expected: n, found: arguments.count) }
        }
        switch name {
        case "Optional": try expect(1); return .optional(arguments[0])
        case "Array": try expect(1); return .array(arguments[0])
        case "Set": try expect(1); return .set(arguments[0])
        case "Dictionary": try expect(2); return .dictionary(key: arguments[0], value: arguments[1])
        default: break
        }
        if let scalar = ScalarType(rawValue: name) { try expect(0); return .scalar(scalar) }
        if let scalar = Self.standardAliases[name] { try expect(0); return .scalar(scalar) }
        if Self.notDecodableNames.contains(name) { throw .notDecodable(name) }
        if Self.unmodelledNames.contains(name) { throw .unsupported(name) }
        return nil
    }

    /// Declared and standard names close to `name`, for "did you mean".
    func nearMatches(_ name: String) -> [String] {
        let all = Array(index.types.keys) + Array(index.aliases.keys) + ScalarType.allCases.map(\.rawValue)
        let lower = name.lowercased()
        return all.filter { candidate in
            let last = (candidate.split(separator: ".").last.map(String.init) ?? candidate).lowercased()
            return last.contains(lower) || lower.contains(last) || EditDistance.between(last, lower) <= max(1, lower.count / 3)
        }.sorted().prefix(5).map { $0 }
    }

}

import SwiftSyntax

/// `decode` and `decodeIfPresent` overloads declared in `extension KeyedDecodingContainer` in the model sources.
///
/// The synthesized `init(from:)` calls `container.decode(String.self, forKey: .name)`; Swift's overload
/// resolution picks a user's more specific overload over the generic requirement, so a model file with
///
///     extension KeyedDecodingContainer {
///         func decodeIfPresent(_ type: String.Type, forKey key: K) throws -> String? { … "" as nil … }
///     }
///
/// changes what every synthesized `String?` property does. The schema engine cannot run that code: a type
/// whose synthesized calls would pick such an overload is not interpretable, and says so with the
/// overload's location, instead of answering as if the overload were not there.
struct ContainerOverloads {
    enum Method: String { case decode, decodeIfPresent }

    /// The types an overload's `_ type: X.Type` parameter accepts: `String`, `[T]` (any array), `T` (anything).
    indirect enum Pattern: Equatable {
        case anything
        case exactly(TypeRef)
        case array(Pattern), set(Pattern), optional(Pattern)
        case dictionary(Pattern, Pattern)
        case named(String, [Pattern])

        func matches(_ type: TypeRef) -> Bool {
            switch (self, type) {
            case (.anything, _): true
            case (.exactly(let t), _): t == type
            case (.array(let p), .array(let t)), (.set(let p), .set(let t)), (.optional(let p), .optional(let t)): p.matches(t)
            case (.dictionary(let k, let v), .dictionary(let tk, let tv)): k.matches(tk) && v.matches(tv)
            case (.named(let n, let ps), .named(let tn, let ts)):
                n == tn && ps.count == ts.count && zip(ps, ts).allSatisfy { $0.matches($1) }
            default: false
            }
        }
    }

    struct Overload {
        var method: Method
        var accepts: Pattern
        var signature: String
        var location: ModelLocation
    }

    private(set) var overloads: [Overload] = []

    static let containerNames: Set<String> = [
        "KeyedDecodingContainer", "Swift.KeyedDecodingContainer", "KeyedDecodingContainerProtocol",
        "Swift.KeyedDecodingContainerProtocol",
    ]

    init(index: DeclarationIndex, resolver: TypeResolver) {
        for ext in index.extensions where Self.containerNames.contains(ext.extendedName) {
            for member in ext.members {
                guard let function = member.decl.as(FunctionDeclSyntax.self),
                    let method = Method(rawValue: function.name.text),
                    let first = function.signature.parameterClause.parameters.first
                else { continue }
                let generics = Set(function.genericParameterClause?.parameters.map(\.name.text) ?? [])
                var accepts = Pattern.anything
                if let metatype = first.type.as(MetatypeTypeSyntax.self), metatype.metatypeSpecifier.text == "Type" {
                    accepts = Self.pattern(metatype.baseType, generics: generics, resolver: resolver)
                }
                let signature = "\(method.rawValue)(\(first.firstName.text): \(first.type.trimmedDescription), …)"
                overloads.append(
                    Overload(
                        method: method, accepts: accepts, signature: signature,
                        location: index.location(function, file: ext.file)))
            }
        }
    }

    /// The overload a synthesized `method(type.self, forKey:)` call would pick, if any.
    func overload(for method: Method, decoding type: TypeRef) -> Overload? {
        overloads.first { $0.method == method && $0.accepts.matches(type) }
    }

    /// The overload the synthesized call for a property (or associated value) of `type` would pick.
    func overload(forPropertyOf type: TypeRef, usesDecodeIfPresent: Bool) -> Overload? {
        if usesDecodeIfPresent, case .optional(let wrapped) = type { return overload(for: .decodeIfPresent, decoding: wrapped) }
        return overload(for: .decode, decoding: type)
    }

    var isEmpty: Bool { overloads.isEmpty }

    /// What a written parameter type accepts; anything this reader cannot place accepts everything, so a
    /// type is refused rather than decoded as if the overload were not there.
    private static func pattern(_ type: TypeSyntax, generics: Set<String>, resolver: TypeResolver) -> Pattern {
        func recurse(_ t: TypeSyntax) -> Pattern { pattern(t, generics: generics, resolver: resolver) }
        let mentionsGeneric = type.tokens(viewMode: .sourceAccurate).contains { generics.contains($0.text) }
        if !mentionsGeneric, let resolved = try? resolver.resolve(type, scope: nil) { return .exactly(resolved) }
        if let t = type.as(ArrayTypeSyntax.self) { return .array(recurse(t.element)) }
        if let t = type.as(OptionalTypeSyntax.self) { return .optional(recurse(t.wrappedType)) }
        if let t = type.as(DictionaryTypeSyntax.self) { return .dictionary(recurse(t.key), recurse(t.value)) }
        if let t = type.as(IdentifierTypeSyntax.self) {
            if generics.contains(t.name.text) && t.genericArgumentClause == nil { return .anything }
            let arguments = (t.genericArgumentClause?.arguments ?? []).map { argument -> Pattern in
                if case .type(let a) = argument.argument { return recurse(a) }
                return .anything
            }
            switch (t.name.text, arguments.count) {
            case ("Array", 1): return .array(arguments[0])
            case ("Set", 1): return .set(arguments[0])
            case ("Optional", 1): return .optional(arguments[0])
            case ("Dictionary", 2): return .dictionary(arguments[0], arguments[1])
            default:
                guard let declared = resolver.lookupDeclared(t.name.text, scope: nil) else { return .anything }
                return .named(declared, arguments)
            }
        }
        return .anything
    }
}

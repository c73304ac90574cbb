import SwiftParser
import SwiftSyntax

/// A Swift type as the user wrote it (`[Song]`, `Optional<Int>`, `Swift.Int`, `[[String: Int]]`),
/// read with Swift's own parser: the one place that answers questions about a type's text. Fixes
/// keep the user's spelling in what they write, and decide by ``structure``, never by looking for
/// `?`, `:` or `[` in the text.
public struct WrittenType: Sendable, Hashable {
    /// The text, trimmed.
    public let text: String
    /// The type's shape: optionals and collections whichever way they are spelled, the standard
    /// scalars as ``TypeRef/scalar(_:)`` (`Swift.` or `Foundation.` before them or not), other
    /// names as ``TypeRef/named(qualifiedName:arguments:)`` as written. Nil when the text is not
    /// a type. Nothing is looked up in a model: `Song` is `.named("Song")` whether or not it exists.
    public let structure: TypeRef?
    private let needsParenthesesForOptional: Bool
    private let unwrappedText: String?

    /// Each text parsed once (``Memo``).
    private static let parsed = Memo<String, WrittenType>()

    public init(_ text: String) {
        self = Self.parsed.value(text) { WrittenType(parsing: text) }
    }

    private init(parsing text: String) {
        let trimmed = text.trimmingSpaces()
        self.text = trimmed
        var parser = Parser(trimmed)
        let syntax = TypeSyntax.parse(from: &parser)
        guard !trimmed.isEmpty, !syntax.hasError, syntax.trimmedDescription == trimmed else {
            (structure, needsParenthesesForOptional, unwrappedText) = (nil, false, nil)
            return
        }
        structure = Self.structure(of: syntax)
        needsParenthesesForOptional =
            syntax.is(FunctionTypeSyntax.self) || syntax.is(CompositionTypeSyntax.self) || syntax.is(SomeOrAnyTypeSyntax.self)
        unwrappedText = Self.wrapped(in: syntax)?.trimmedDescription
    }

    /// Whether the type is an optional (`Int?`, `Int!`, `Optional<Int>`).
    public var isOptional: Bool { structure?.isOptional ?? false }

    /// The text made optional: `String?`, `(any P)?`, `((Int) -> Int)?`.
    public var madeOptional: String { needsParenthesesForOptional ? "(\(text))?" : text + "?" }

    /// The text without its outer optional (`Int?` and `Optional<Int>` give `Int`); the text itself
    /// when it is not optional.
    public var unwrapped: String { unwrappedText ?? text }

    /// Whether two texts name the same type (`[Song]` and `Array<Song>`, `Int?` and
    /// `Optional<Int>`, `Swift.Int` and `Int`); texts that are not types compare as text.
    public static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (WrittenType(a), WrittenType(b))
        guard let s = x.structure, let t = y.structure else { return x.text == y.text }
        return s == t
    }

    private static func structure(of syntax: TypeSyntax) -> TypeRef {
        if let t = syntax.as(OptionalTypeSyntax.self) { return .optional(structure(of: t.wrappedType)) }
        if let t = syntax.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return .optional(structure(of: t.wrappedType)) }
        if let t = syntax.as(ArrayTypeSyntax.self) { return .array(structure(of: t.element)) }
        if let t = syntax.as(DictionaryTypeSyntax.self) { return .dictionary(key: structure(of: t.key), value: structure(of: t.value)) }
        if let t = syntax.as(TupleTypeSyntax.self), t.elements.count == 1, let only = t.elements.first, only.firstName == nil {
            return structure(of: only.type)
        }
        if let t = syntax.as(IdentifierTypeSyntax.self) {
            return named(t.name.text, arguments(t.genericArgumentClause))
        }
        if let t = syntax.as(MemberTypeSyntax.self) {
            if let base = t.baseType.as(IdentifierTypeSyntax.self), ["Swift", "Foundation"].contains(base.name.text) {
                return named(t.name.text, arguments(t.genericArgumentClause))
            }
        }
        return .named(qualifiedName: syntax.trimmedDescription, arguments: [])
    }

    private static func arguments(_ clause: GenericArgumentClauseSyntax?) -> [TypeRef] {
        (clause?.arguments ?? []).map { a in
            guard case .type(let type) = a.argument else { return .named(qualifiedName: a.trimmedDescription, arguments: []) }
            return structure(of: type)
        }
    }

    private static func named(_ name: String, _ arguments: [TypeRef]) -> TypeRef {
        switch (name, arguments.count) {
        case ("Optional", 1): return .optional(arguments[0])
        case ("Array", 1): return .array(arguments[0])
        case ("Set", 1): return .set(arguments[0])
        case ("Dictionary", 2): return .dictionary(key: arguments[0], value: arguments[1])
        default: break
        }
        if arguments.isEmpty, let scalar = ScalarType(rawValue: name) { return .scalar(scalar) }
        return .named(qualifiedName: name, arguments: arguments)
    }

    /// The type an optional wraps, as written.
    private static func wrapped(in syntax: TypeSyntax) -> TypeSyntax? {
        if let t = syntax.as(OptionalTypeSyntax.self) { return t.wrappedType }
        if let t = syntax.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return t.wrappedType }
        if let t = syntax.as(IdentifierTypeSyntax.self), t.name.text == "Optional", let clause = t.genericArgumentClause,
            clause.arguments.count == 1, case .type(let type) = clause.arguments.first!.argument
        {
            return type
        }
        return nil
    }
}

import DecodingEngine
import JSONTree
import ModelSchema

extension FixCatalogue {
    /// A missing key or a null: make the property (or the collection's elements) optional.
    func optionalCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        switch error.kind {
        case .keyNotFound:
            guard let property = error.property, let type = property.type, !type.isOptional,
                case let (text, declaration)? = declaration(of: property)
            else { return [] }
            return [
                madeOptional(property, text: text, declaration: declaration, readsNil: "when the key is missing (or null)") { _ in
                    alwaysNilCost(of: property, missing: error)
                }
            ]
        case .valueNotFound, .typeMismatch:
            // A null Bool is Foundation's typeMismatch ("found null instead"), not valueNotFound:
            // a null all the same, so it gets the same optional.
            guard error.kind == .valueNotFound || isNull(error) else { return [] }
            guard case let (property, steps)? = holder(of: error), let type = property.type else { return [] }
            if steps.allSatisfy({ $0 == .wrapped }) {
                guard !type.isOptional, case let (text, declaration)? = declaration(of: property) else { return [] }
                return [madeOptional(property, text: text, declaration: declaration, readsNil: "for null (and for a missing key)")]
            }
            guard steps.last != .wrapped,
                let newType = TypeRewriter.replacing(type, at: steps[...], with: { .optional($0) }),
                let edit = retype(property, to: newType.swiftSpelling)
            else { return [] }
            return [
                FixCandidate(
                    kind: .makeOptional, title: "Accept null inside `\(property.name)`: `\(newType.swiftSpelling)`",
                    detail: "With an optional element type, a null element decodes as nil instead of failing the whole collection.",
                    edits: [edit], check: .redecode())
            ]
        default:
            return []
        }
    }

    /// The property's declared type made optional, in the source's own spelling. `readsNil`: when
    /// decodeIfPresent gives nil, as the fix's detail says it.
    private func madeOptional(
        _ property: PropertySchema, text: SwiftSourceText, declaration: PropertyDeclaration, readsNil: String,
        cost: @escaping @Sendable ([LocatedDecodingError]) -> FixCost = { _ in .keepsEveryValue }
    ) -> FixCandidate {
        let written = WrittenType(text.string(declaration.type)).madeOptional
        return FixCandidate(
            kind: .makeOptional, title: "Make `\(property.name)` optional: `\(written)`",
            detail:
                "An optional property is read with decodeIfPresent, which gives nil \(readsNil); code that reads `\(property.name)` must then handle nil.",
            edits: [FileEdits(path: property.location.file, edits: [TextEdit(range: declaration.type, replacement: written)])],
            check: .redecode(), cost: cost)
    }

    /// An optional for a key no object of the payload sends is always nil; when the object has a
    /// key of a near spelling (`base_url` for `baseURL`), the value is there under that key.
    func alwaysNilCost(of property: PropertySchema, missing error: LocatedDecodingError) -> FixCost {
        guard typed.values(of: property).isEmpty else { return .keepsEveryValue }
        let sentAs = error.key.flatMap { key in error.node.flatMap { explainer.nearMisses(for: key, in: $0).first?.raw } }
        return .alwaysNil(property: property.name, sentAs: sentAs)
    }

    /// The error is about a JSON null (not a cause found elsewhere, such as a number that does not fit).
    func isNull(_ error: LocatedDecodingError) -> Bool {
        error.realCause == nil && error.node.map { tree.kind($0) == .null } ?? false
    }
}

import DecodingEngine
import ModelSchema

/// Rewrites the part of a property's declared type that a node inside its value has.
///
/// `[[Double]]` with steps `[.element, .element]` and `String` gives `[[String]]`;
/// `Date?` with steps `[.wrapped]` and `String` gives `String?`.
enum TypeRewriter {
    static func replacing(_ type: TypeRef, at steps: ArraySlice<NodeTypes.Step>, with transform: (TypeRef) -> TypeRef) -> TypeRef? {
        guard let step = steps.first else { return transform(type) }
        let rest = steps.dropFirst()
        switch (step, type) {
        case (.wrapped, .optional(let t)): return replacing(t, at: rest, with: transform).map { .optional($0) }
        case (.element, .array(let t)): return replacing(t, at: rest, with: transform).map { .array($0) }
        case (.element, .set(let t)): return replacing(t, at: rest, with: transform).map { .set($0) }
        case (.value, .dictionary(let k, let v)): return replacing(v, at: rest, with: transform).map { .dictionary(key: k, value: $0) }
        default: return nil
        }
    }

}

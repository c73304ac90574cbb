import ModelSchema

/// A model type of the schema as the decode uses it, looked up (and for generics,
/// instantiated) once per decode and type.
final class NamedType {
    let schema: TypeSchema
    let decoding: TypeSchema.Decoding
    private var plan: KeyedPlan?

    init(schema: TypeSchema, decoding: TypeSchema.Decoding) {
        self.schema = schema
        self.decoding = decoding
    }

    /// The keyed plan of a struct or class (an empty one for other decodings).
    func keyedPlan(_ type: TypeRef) -> KeyedPlan {
        if let plan { return plan }
        guard case .keyed(let decoded) = decoding else { return KeyedPlan(type: type, schema: schema, decoded: []) }
        let made = KeyedPlan(type: type, schema: schema, decoded: decoded)
        plan = made
        return made
    }
}

import ModelSchema

/// What the synthesized `init(from:)` of one struct or class does, worked out once per type
/// and decode instead of once per object: a payload of 10,000 records decodes the same
/// `Issue` plan 10,000 times.
///
/// Example: for `struct Renamed { let productID: Int; let displayName: String; var note = "none" }`
/// with `CodingKeys { case displayName = "display_name", productID = "product_id" }`, the
/// members are `display_name` (field 1) then `product_id` (field 0), and the fields start
/// as `productID: null, displayName: null, note: "none"`.
final class KeyedPlan {
    /// One property's call, worked out once. A class, so that walking the members of every
    /// object copies no strings.
    final class Member {
        let property: PropertySchema
        let key: CodingKeySpec
        /// The key passed to the container, printed as the synthesized `CodingKeys` print.
        let codingKey: CodingKeys
        /// `decodeIfPresent(T.self, forKey:)` for an optional property, T being the wrapped type.
        let ifPresent: Bool
        /// The type passed to the call: the property's type, or an optional's wrapped type.
        let valueType: TypeRef
        /// Where its value goes in ``KeyedPlan/fields``; nil when it has no stored property there.
        let field: Int?

        init(property: PropertySchema, key: CodingKeySpec, type: TypeRef, field: Int?) {
            self.property = property
            self.key = key
            self.field = field
            codingKey = CodingKeys(stringValue: key.stringValue, intValue: key.intValue, typeName: "CodingKeys")
            if property.usesDecodeIfPresent, case .optional(let wrapped) = type {
                ifPresent = true
                valueType = wrapped
            } else {
                ifPresent = false
                valueType = type
            }
        }

        /// The call as the trace shows it.
        var call: String {
            "\(ifPresent ? "decodeIfPresent" : "decode")(\(valueType.swiftSpelling).self, forKey: .\(property.name))"
        }
    }

    /// `type.description`: the value's type name.
    let typeName: String
    /// The decoded properties in the order the synthesized `init(from:)` decodes them.
    let members: [Member]
    /// Their keys' string values, for finding the members of each object.
    let keys: KeyTable
    /// What ``DecodingContext/noteKeys(of:keys:wanted:)`` needs too: which keys are required.
    let wanted: [DecodingContext.WantedKey]
    /// Every stored property in declaration order; those not decoded hold their initial value.
    let fields: [DecodedValue.Field]

    init(type: TypeRef, schema: TypeSchema, decoded: [PropertySchema]) {
        typeName = type.description
        members = decoded.compactMap { p in
            guard p.isDecoded, let key = p.codingKey, let type = p.type else { return nil }
            return Member(property: p, key: key, type: type, field: schema.properties.firstIndex { $0.name == p.name })
        }
        keys = KeyTable(members.map { $0.key.stringValue })
        wanted = members.map { .init(key: $0.key.stringValue, required: !$0.property.usesDecodeIfPresent, property: $0.property) }
        let decodedNames = Set(members.map { $0.property.name })
        fields = schema.properties.map { p in
            DecodedValue.Field(p.name, decodedNames.contains(p.name) ? .null : InitialValue.parse(p.declarationText))
        }
    }
}

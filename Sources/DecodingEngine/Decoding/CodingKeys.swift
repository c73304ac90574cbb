/// The dynamic key type, named and printed like the compiler's synthesized `CodingKeys`.
///
/// `keyNotFound` messages embed the key's description,
/// `CodingKeys(stringValue: "description", intValue: nil)`; per-case keys of enums print
/// their own type name (`LoadCodingKeys`), so the name is stored, not taken from the type.
struct CodingKeys: CodingKey, CustomStringConvertible {
    var stringValue: String
    var intValue: Int?
    var typeName: String = "CodingKeys"

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    init(stringValue: String, intValue: Int?, typeName: String) {
        self.stringValue = stringValue
        self.intValue = intValue
        self.typeName = typeName
    }

    var description: String {
        "\(typeName)(stringValue: \"\(stringValue)\", intValue: \(intValue.map(String.init) ?? "nil"))"
    }
}

/// The dynamic key type, named and printed like the compiler's synthesized `CodingKeys`.
///
/// `keyNotFound` messages embed the key's description,
/// `CodingKeys(stringValue: "description", intValue: nil)`; per-case keys of enums print
/// their own type name (`LoadCodingKeys`), so the name is stored, not taken from the type.
///
/// A key is three words: its string, and a reference to what few keys have besides (an
/// `intValue`, another type name). So it fits in an existential's inline buffer, as a
/// synthesized `CodingKeys` enum does, and `JSONDecoder` can pass it around as `any CodingKey`
/// without boxing it.
struct CodingKeys: CodingKey, CustomStringConvertible {
    final class Extra: Sendable {
        let intValue: Int?
        let typeName: String

        init(intValue: Int?, typeName: String) {
            self.intValue = intValue
            self.typeName = typeName
        }
    }

    static let defaultTypeName = "CodingKeys"

    let stringValue: String
    private let extra: Extra?

    var intValue: Int? { extra?.intValue }
    var typeName: String { extra?.typeName ?? Self.defaultTypeName }

    init(stringValue: String) {
        self.stringValue = stringValue
        extra = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        extra = Extra(intValue: intValue, typeName: Self.defaultTypeName)
    }

    init(stringValue: String, intValue: Int?, typeName: String) {
        self.stringValue = stringValue
        extra = intValue == nil && typeName == Self.defaultTypeName ? nil : Extra(intValue: intValue, typeName: typeName)
    }

    var description: String {
        "\(typeName)(stringValue: \"\(stringValue)\", intValue: \(intValue.map(String.init) ?? "nil"))"
    }
}

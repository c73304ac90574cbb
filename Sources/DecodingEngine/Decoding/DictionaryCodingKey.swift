/// The key type the standard library's `Dictionary.init(from:)` uses, `_DictionaryCodingKey`:
/// a key read from the payload has an `intValue` when its text is an `Int`.
///
/// That is how an `Int` key or an `Int` raw-value `CodingKeyRepresentable` key is recognised:
/// `"5"` has `intValue` 5, `"abc"` has none. (The engine's `CodingKeys` never sets `intValue`
/// from text, as the synthesized `CodingKeys` do not.)
struct DictionaryCodingKey: CodingKey, CustomStringConvertible {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = Int(stringValue)
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    var description: String {
        "_DictionaryCodingKey(stringValue: \"\(stringValue)\", intValue: \(intValue.map(String.init) ?? "nil"))"
    }
}

/// Tells objects used as dictionaries from objects with a fixed set of properties.
///
/// An object is a map, decoded as `[String: Value]`, when
/// - it was always empty (`{}`): nothing says which properties it has;
/// - every key looks like data rather than a name: a number, a UUID, a date, a long hex
///   hash, or a SKU-like mix of letters, digits and separators (`MrSoapy_Bar_1`,
///   `LVNDR-300ml`, `2019-12-09`);
/// - or its values all have one shape (one JSON kind; objects alike in their own keys) and
///   there are many keys: at least ``wideKeyMinimum``, or at least ``sparseKeyMinimum``
///   that vary from object to object at the same position (each has at most half of them).
/// Otherwise it is a struct: an object whose values differ (Slack's `prefs` of flags and
/// names, Stripe's `resources` of unlike objects) keeps a property per key, as its keys are
/// part of the API.
struct MapDetector {
    static let sparseKeyMinimum = 8
    static let wideKeyMinimum = 20

    func isMap(_ shape: Shape) -> Bool {
        guard shape.objects > 0 else { return false }
        let keys = shape.fieldOrder
        if keys.isEmpty { return true }
        if keys.allSatisfy(Self.looksLikeData) { return true }
        guard keys.count >= Self.sparseKeyMinimum, valuesAreUniform(keys.compactMap { shape.fields[$0]?.shape }) else { return false }
        if keys.count >= Self.wideKeyMinimum { return true }
        let filled = Double(shape.memberTotal) / Double(shape.objects * keys.count)
        return shape.objects >= 2 && filled <= 0.5
    }

    /// All values of one JSON kind, and objects among them mostly sharing their keys.
    private func valuesAreUniform(_ values: [Shape]) -> Bool {
        var kinds = Set<ValueKind>()
        for value in values { kinds.formUnion(value.kinds) }
        guard kinds.count == 1, let kind = kinds.first else { return false }
        guard kind == .object else { return true }
        let merged = Shape.merged(values, path: "")
        guard merged.objects > 0, !merged.fieldOrder.isEmpty else { return true }
        return Double(merged.memberTotal) / Double(merged.objects * merged.fieldOrder.count) > 0.5
    }

    /// Whether a key reads as data (an id, a date, a SKU) rather than a property name.
    static func looksLikeData(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard let first = bytes.first else { return false }
        let isDigit = { (b: UInt8) in b >= 0x30 && b <= 0x39 }
        let isHex = { (b: UInt8) in isDigit(b) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46) }
        let isLetter = { (b: UInt8) in (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        // Numbers, dates and anything else that starts with a digit: "42", "2019-12-09", "3d-view".
        if isDigit(first) || (first == UInt8(ascii: "-") && bytes.count > 1 && isDigit(bytes[1])) { return true }
        // UUIDs and hashes.
        if bytes.count == 36,
            bytes.enumerated().allSatisfy({ [8, 13, 18, 23].contains($0.offset) ? $0.element == UInt8(ascii: "-") : isHex($0.element) })
        {
            return true
        }
        if bytes.count >= 16, bytes.allSatisfy(isHex), bytes.contains(where: isDigit) { return true }
        // SKU-like: letters and digits with separators.
        let separators: Set<UInt8> = [
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: " "),
        ]
        return bytes.contains(where: isDigit) && bytes.contains(where: isLetter) && bytes.contains(where: separators.contains)
    }
}

/// Small closed sets of strings, made into raw-value enums when `--enums` asks for them.
///
/// A set qualifies when it has at most ``StringSamples/distinctLimit`` values, each a short
/// token (letters, digits, `_ - .`, up to 32 characters, or empty), and either repeats (more
/// strings than values) or has at most four values. Free text, names and ids do not qualify.
enum StringEnumDetector {
    static func cases(for strings: StringSamples) -> [Declaration.EnumCase]? {
        guard strings.count >= 2, !strings.tooManyDistinct, !strings.distinct.isEmpty,
            strings.count > strings.distinct.count || strings.distinct.count <= 4,
            strings.distinct.allSatisfy(isToken)
        else { return nil }
        var used = Set<String>()
        return strings.distinct.sorted().map { value in
            var base = value.isEmpty ? "empty" : SwiftIdentifier.lowerCamel(value) ?? "value"
            // A raw-value enum already has these members.
            if base == "rawValue" || base == "hashValue" { base += "Case" }
            var name = base
            var n = 2
            while used.contains(name) {
                name = base + String(n)
                n += 1
            }
            used.insert(name)
            return .init(name: name, rawValue: value)
        }
    }

    private static func isToken(_ value: String) -> Bool {
        value.utf8.count <= 32
            && value.utf8.allSatisfy {
                SwiftIdentifier.isLetter($0) || SwiftIdentifier.isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            }
    }
}

/// Names the character at a byte offset the way a person reads it.
///
/// Printable ASCII is quoted (`'x'`); control characters, invisible and non-ASCII
/// characters get their code point; bytes that are not UTF-8 are named as bytes. The result
/// is safe to print on a terminal: it never contains a raw control character.
enum CharacterDescription {
    static func describe(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let b = bytes[offset]
        if b >= 0x21 && b < 0x7F {
            return "character '\(Character(Unicode.Scalar(b)))'"
        }
        switch b {
        case 0x20: return "space"
        case 0x09: return "tab (U+0009)"
        case 0x0A: return "line break (U+000A)"
        case 0x0D: return "carriage return (U+000D)"
        default: break
        }
        if b < 0x80 {
            return "control character U+\(hex(UInt32(b), width: 4))"
        }
        if let (scalar, _) = UTF8Validation.decode(bytes, at: offset) {
            let code = "U+\(hex(scalar.value, width: 4))"
            if scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .spaceSeparator
            {
                return "invisible character \(code)"
            }
            return "character '\(Character(scalar))' (\(code))"
        }
        return "byte 0x\(hex(UInt32(b), width: 2)), which is not valid UTF-8"
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

import JSONTree

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which number texts `JSONDecoder` turns into a `Double` or a `Decimal`, predicted from the text.
///
/// Foundation parses a Double with `strtod` and then refuses two results: infinity, and a zero
/// from text that is not "truly zero" (an underflow such as `1.0e-400`). Its truly-zero test
/// reads the text four bytes at a time and the last one to three bytes backwards, stopping at
/// `e`; so `0e1` (three bytes, read backwards from the `1`) is refused while `0e10` and `0E+1`
/// decode. A Decimal is parsed from the text and refuses magnitudes outside about
/// 1e-128...1e165. `FoundationNumbersTests` holds both predictions to the compiled decoder.
enum FoundationNumbers {
    static func decodesAsDouble(_ text: String) -> Bool {
        let value = text.withCString { strtod($0, nil) }
        guard value.isFinite else { return false }
        return value != 0 || isTrueZero(Array(text.utf8))
    }

    static func decodesAsDecimal(_ text: String) -> Bool {
        if case .success = JSONNumber(text).decimal { return true }
        return false
    }

    /// Foundation's check, quirk included.
    static func isTrueZero(_ bytes: [UInt8]) -> Bool {
        func check(_ byte: UInt8) -> Bool? {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): true
            default: nil
            }
        }
        var start = 0
        while bytes.count - start >= 4 {
            for k in start..<start + 4 {
                if let verdict = check(bytes[k]) { return verdict }
            }
            start += 4
        }
        for k in stride(from: bytes.count - 1, through: start, by: -1) {
            if let verdict = check(bytes[k]) { return verdict }
        }
        return true
    }
}

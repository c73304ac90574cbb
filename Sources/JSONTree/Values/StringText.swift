/// Reading string tokens: where they end and what they say.
enum StringText {
    /// One past the end of the string or JSON5 unquoted key that starts at `start`.
    static func tokenEnd(in t: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < t.count else { return nil }
        let quote = t[start]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            var k = start + 1
            while k < t.count {
                let c = t[k]
                if c == quote { return k + 1 }
                k += c == UInt8(ascii: "\\") ? 2 : 1
            }
            return nil
        }
        // A JSON5 unquoted key: identifier scalars and escapes.
        var k = start
        while k < t.count {
            if t[k] == UInt8(ascii: "\\") {
                k += k + 1 < t.count && t[k + 1] == UInt8(ascii: "x") ? 4 : 6
                continue
            }
            guard let (s, n) = UTF8Validation.decode(t, at: k), JSONScanner.isUnquotedKeyCharacter(s) else { break }
            k += n
        }
        return min(k, t.count)
    }

    /// The value of a string token (with its quotes) or unquoted key, unescaped.
    /// Never fails: contents JSONDecoder would reject are repaired with U+FFFD.
    static func value(of t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hasEscapes: Bool) -> String {
        let body = contents(of: t, range)
        if !hasEscapes { return String(decoding: UnsafeBufferPointer(rebasing: t[body]), as: UTF8.self) }
        return String(decoding: unescaped(t, body), as: UTF8.self)
    }

    /// The token without its quotes.
    private static func contents(of t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        let quoted = t[range.lowerBound] == UInt8(ascii: "\"") || t[range.lowerBound] == UInt8(ascii: "'")
        return quoted ? (range.lowerBound + 1)..<(range.upperBound - 1) : range
    }

    /// The contents with every escape replaced by the UTF-8 of what it stands for, in one array:
    /// a repair of bytes that are not UTF-8 ends where an escape starts, as it would if each run
    /// between escapes were decoded alone (an escape's bytes are ASCII or start a sequence).
    private static func unescaped(_ t: UnsafeBufferPointer<UInt8>, _ body: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        func append(_ scalar: Unicode.Scalar) {
            UTF8.encode(scalar) { out.append($0) }
        }
        var k = body.lowerBound
        while k < body.upperBound {
            let c = t[k]
            guard c == UInt8(ascii: "\\"), k + 1 < body.upperBound else {
                // A run without escapes is copied whole.
                var end = k + 1
                while end < body.upperBound, t[end] != UInt8(ascii: "\\") { end += 1 }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: t[k..<end]))
                k = end
                continue
            }
            let e = t[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case 0x0A: out.append(0x0A)
            case 0x0D:
                out.append(0x0D)
                if k < body.upperBound && t[k] == 0x0A {
                    out.append(0x0A)
                    k += 1
                }
            case UInt8(ascii: "x"):
                if k + 2 <= body.upperBound, let v = JSONScanner.hexValue(t.baseAddress! + k, count: 2) {
                    append(Unicode.Scalar(UInt8(v)))
                    k += 2
                } else {
                    append("\u{FFFD}")
                }
            case UInt8(ascii: "u"):
                guard k + 4 <= body.upperBound, let unit = JSONScanner.hexValue(t.baseAddress! + k, count: 4) else {
                    append("\u{FFFD}")
                    continue
                }
                k += 4
                if (0xD800...0xDBFF).contains(unit), k + 6 <= body.upperBound, t[k] == UInt8(ascii: "\\"),
                    t[k + 1] == UInt8(ascii: "u"), let low = JSONScanner.hexValue(t.baseAddress! + k + 2, count: 4),
                    (0xDC00...0xDFFF).contains(low)
                {
                    append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                    k += 6
                } else {
                    append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            default:
                // \" \\ \/ \' and anything invalid: the character itself.
                out.append(e)
            }
        }
        return out
    }
}

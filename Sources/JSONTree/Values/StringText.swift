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

    /// The UTF-8 of ``value(of:_:hasEscapes:)``: ASCII is its own repair, so its bytes are the
    /// value's; anything else is repaired as the `String` repairs it.
    static func utf8(of t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hasEscapes: Bool) -> [UInt8] {
        let body = contents(of: t, range)
        let bytes = hasEscapes ? unescaped(t, body) : Array(t[body])
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes }
        return Array(String(decoding: bytes, as: UTF8.self).utf8)
    }

    /// The token without its quotes.
    private static func contents(of t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        let quoted = t[range.lowerBound] == UInt8(ascii: "\"") || t[range.lowerBound] == UInt8(ascii: "'")
        return quoted ? (range.lowerBound + 1)..<(range.upperBound - 1) : range
    }

    /// The contents with every escape replaced by the UTF-8 of what it stands for, in one array:
    /// a repair of bytes that are not UTF-8 ends where an escape starts, as it would if each run
    /// between escapes were decoded alone (an escape's bytes are ASCII or start a sequence).
    /// Written in place, each run between escapes copied whole (an array grown run by run was a
    /// fifth of the time a 200 MB capture's list took).
    private static func unescaped(_ t: UnsafeBufferPointer<UInt8>, _ body: Range<Int>) -> [UInt8] {
        // Never longer than half again the contents: the longest growth is a bad two-byte escape
        // (`\u` without its digits, `\x`) becoming U+FFFD's three bytes.
        let capacity = body.count + body.count / 2 + 4
        return [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
            guard let into = out.baseAddress else {
                count = 0
                return
            }
            var writer = Writer(into: into)
            walk(t, body, into: &writer)
            count = writer.count
        }
    }

    /// What the contents unescape to, measured without writing it: its UTF-8 length, and its bytes
    /// up to and including the first one `isLead` takes (all of them if none is). Nil when the
    /// contents hold a byte that is not ASCII (what a repair would make of it only the `String`
    /// says), or when an escape makes one before the lead.
    static func measure(
        of t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lead isLead: (UInt8) -> Bool
    ) -> (byteCount: Int, leading: [UInt8])? {
        withoutActuallyEscaping(isLead) { isLead in
            var measurer = Measurer(isLead: isLead)
            walk(t, contents(of: t, range), into: &measurer)
            return measurer.failed ? nil : (measurer.count, measurer.leading)
        }
    }

    /// Where the unescaped bytes go: runs of the contents as they are, and the bytes escapes make.
    private protocol Sink {
        mutating func run(_ bytes: UnsafeBufferPointer<UInt8>)
        mutating func byte(_ byte: UInt8)
    }

    private struct Writer: Sink {
        let into: UnsafeMutablePointer<UInt8>
        var count = 0

        mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            (into + count).initialize(from: base, count: bytes.count)
            count += bytes.count
        }

        mutating func byte(_ byte: UInt8) {
            into[count] = byte
            count += 1
        }
    }

    private struct Measurer: Sink {
        let isLead: (UInt8) -> Bool
        var count = 0
        var leading: [UInt8] = []
        var led = false
        var failed = false

        mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
            for byte in bytes where byte >= 0x80 {
                failed = true
                break
            }
            if !led {
                for byte in bytes where !led {
                    leading.append(byte)
                    led = isLead(byte)
                }
            }
            count += bytes.count
        }

        mutating func byte(_ byte: UInt8) {
            if !led {
                if byte >= 0x80 { failed = true }
                leading.append(byte)
                led = isLead(byte)
            }
            count += 1
        }
    }

    /// Walks the contents once, handing `sink` each run without escapes whole and each byte an
    /// escape makes.
    private static func walk<S: Sink>(_ t: UnsafeBufferPointer<UInt8>, _ body: Range<Int>, into sink: inout S) {
        guard let base = t.baseAddress else { return }
        let backslash = UInt8(ascii: "\\")
        func append(_ scalar: Unicode.Scalar) { UTF8.encode(scalar) { sink.byte($0) } }
        var k = body.lowerBound
        while k < body.upperBound {
            guard t[k] == backslash, k + 1 < body.upperBound else {
                // A run without escapes is handed on whole.
                var end = k + 1
                while end < body.upperBound, t[end] != backslash { end += 1 }
                sink.run(UnsafeBufferPointer(rebasing: t[k..<end]))
                k = end
                continue
            }
            let e = t[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "b"): sink.byte(0x08)
            case UInt8(ascii: "f"): sink.byte(0x0C)
            case UInt8(ascii: "n"): sink.byte(0x0A)
            case UInt8(ascii: "r"): sink.byte(0x0D)
            case UInt8(ascii: "t"): sink.byte(0x09)
            case 0x0A: sink.byte(0x0A)
            case 0x0D:
                sink.byte(0x0D)
                if k < body.upperBound && t[k] == 0x0A {
                    sink.byte(0x0A)
                    k += 1
                }
            case UInt8(ascii: "x"):
                if k + 2 <= body.upperBound, let v = JSONScanner.hexValue(base + k, count: 2) {
                    append(Unicode.Scalar(UInt8(v)))
                    k += 2
                } else {
                    append("\u{FFFD}")
                }
            case UInt8(ascii: "u"):
                guard k + 4 <= body.upperBound, let unit = JSONScanner.hexValue(base + k, count: 4) else {
                    append("\u{FFFD}")
                    continue
                }
                k += 4
                if (0xD800...0xDBFF).contains(unit), k + 6 <= body.upperBound, t[k] == backslash,
                    t[k + 1] == UInt8(ascii: "u"), let low = JSONScanner.hexValue(base + k + 2, count: 4),
                    (0xDC00...0xDFFF).contains(low)
                {
                    append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                    k += 6
                } else {
                    append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            default:
                // \" \\ \/ \' and anything invalid: the character itself.
                sink.byte(e)
            }
        }
    }
}

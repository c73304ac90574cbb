#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONScanner {
    /// Scans a number token the way Foundation delimits it, then checks its grammar and range.
    ///
    /// Foundation takes every following byte of `0-9 . e E + -` (JSON) or also any letter
    /// (JSON5) as part of the number and validates only when the value is read; so does
    /// this scan: a bad number is a ``JSONIssue``, not a stop.
    mutating func scanNumber(node: Int) {
        let start = i
        i += 1
        if json5 {
            while i < end {
                let c = p[i]
                if (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".")
                    || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
                    || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z"))
                {
                    i += 1
                } else {
                    break
                }
            }
        } else {
            while i < end {
                let c = p[i]
                if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") { i += 1; continue }
                if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
                    || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
                {
                    i += 1
                    continue
                }
                break
            }
        }
        let token = UnsafeBufferPointer(start: p + start, count: i - start)
        let verdict = json5 ? NumberGrammar.checkJSON5(token) : NumberGrammar.checkJSON(token)
        switch verdict {
        case .valid:
            break
        case let .invalid(reason):
            issues.append(
                JSONIssue(
                    kind: .invalidNumber(snippet(start, i - start), reason: reason), node: node, inKey: false, location: location(start)))
        case .outOfRange:
            issues.append(
                JSONIssue(kind: .numberOutOfRange(snippet(start, i - start)), node: node, inKey: false, location: location(start)))
        case .crashesDecoder:
            issues.append(
                JSONIssue(kind: .numberCrashesDecoder(snippet(start, i - start)), node: node, inKey: false, location: location(start)))
        }
    }
}

/// The number grammars of RFC 8259 and of Foundation's JSON5 reader.
enum NumberGrammar {
    enum Verdict: Equatable { case valid, invalid(String), outOfRange, crashesDecoder }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, and finite as a Double.
    static func checkJSON(_ t: UnsafeBufferPointer<UInt8>) -> Verdict {
        var k = 0
        let n = t.count
        func isDigit(_ k: Int) -> Bool { k < n && t[k] >= UInt8(ascii: "0") && t[k] <= UInt8(ascii: "9") }
        if t[k] == UInt8(ascii: "-") { k += 1 }
        guard isDigit(k) else { return .invalid(k < n ? "a digit must follow '-'" : "'-' must be followed by digits") }
        if t[k] == UInt8(ascii: "0") {
            k += 1
            if isDigit(k) { return .invalid("leading zeros are not allowed") }
        } else {
            while isDigit(k) { k += 1 }
        }
        var needsRangeCheck = k > 15
        if k < n && t[k] == UInt8(ascii: ".") {
            k += 1
            guard isDigit(k) else { return .invalid("a digit must follow the decimal point") }
            while isDigit(k) { k += 1 }
        }
        if k < n && (t[k] == UInt8(ascii: "e") || t[k] == UInt8(ascii: "E")) {
            k += 1
            if k < n && (t[k] == UInt8(ascii: "+") || t[k] == UInt8(ascii: "-")) { k += 1 }
            guard isDigit(k) else { return .invalid("the exponent needs digits") }
            while isDigit(k) { k += 1 }
            needsRangeCheck = true
        }
        guard k == n else { return .invalid("unexpected '\(Character(Unicode.Scalar(t[k])))' in a number") }
        if needsRangeCheck && !isFinite(t) { return .outOfRange }
        return .valid
    }

    /// Foundation's JSON5 numbers: a sign of either kind, hex (`0x1F`), a leading or a
    /// trailing decimal point (`.5`, `5.`), `Infinity` and `NaN`.
    ///
    /// The verdict is that of a full read, which tries `Double`, then `Int64`, then `Decimal`
    /// (as the test oracle and `validate` do), so it follows Foundation's own steps: a
    /// pre-validation of the first and last characters, then `strtod` on the whole token
    /// for decimal numbers, and 64-bit integer parsing for hex digits, with the integer
    /// slow path's `strtod` (which reads `0x1.8p1` as 3) for other hex. Where Foundation's
    /// `JSON5Scanner.validateNumber` would reach its `preconditionFailure` (`9e+`,
    /// `-0x8000000000000001`), the verdict is `.crashesDecoder`.
    static func checkJSON5(_ t: UnsafeBufferPointer<UInt8>) -> Verdict {
        var k = 0
        let n = t.count
        func isDigit(_ k: Int) -> Bool { k < n && t[k] >= UInt8(ascii: "0") && t[k] <= UInt8(ascii: "9") }
        func isHex(_ k: Int) -> Bool {
            guard k < n else { return false }
            let c = t[k] | 0x20
            return isDigit(k) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f"))
        }
        // Foundation compares only the prefix: `Infinity.` reads as infinity too.
        func rest(is word: String, from k: Int) -> Bool {
            Array(t[k...]).starts(with: word.utf8)
        }
        func unexpected(_ k: Int, in what: String = "a number") -> Verdict {
            .invalid("unexpected '\(Character(Unicode.Scalar(t[k])))' in \(what)")
        }
        let negative = t[k] == UInt8(ascii: "-")
        if t[k] == UInt8(ascii: "-") || t[k] == UInt8(ascii: "+") { k += 1 }
        guard k < n else { return .invalid("a sign must be followed by digits") }
        let digitsStart = k
        var isHexNumber = false
        var isSpecial = false
        switch t[k] {
        case UInt8(ascii: "0"):
            if k + 1 < n {
                switch t[k + 1] {
                case UInt8(ascii: "x"), UInt8(ascii: "X"):
                    guard isHex(k + 2) else { return .invalid("0x must be followed by hex digits") }
                    isHexNumber = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"): return .invalid("leading zeros are not allowed")
                case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
                default: return unexpected(k + 1)
                }
            }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            break
        case UInt8(ascii: "I"):
            guard rest(is: "Infinity", from: k) else { return .invalid("expected Infinity") }
            isSpecial = true
        case UInt8(ascii: "N"):
            guard rest(is: "NaN", from: k) else { return .invalid("expected NaN") }
            isSpecial = true
        case UInt8(ascii: "."):
            guard isDigit(k + 1) else { return .invalid("a digit must follow a leading decimal point") }
        default:
            return unexpected(k)
        }
        if !isHexNumber && (t[n - 1] == UInt8(ascii: "e") || t[n - 1] == UInt8(ascii: "E")) {
            return .invalid("the exponent needs digits")
        }
        // Decimal reads any NaN or Infinity prefix as NaN, whatever follows it.
        if isSpecial { return .valid }
        if isHexNumber {
            var hexEnd = k + 2
            while isHex(hexEnd) { hexEnd += 1 }
            if hexEnd == n {
                var magnitude: UInt64 = 0
                var overflow = false
                for j in (k + 2)..<n {
                    let c = t[j] | 0x20
                    let digit = UInt64(c <= UInt8(ascii: "9") ? c - UInt8(ascii: "0") : c - UInt8(ascii: "a") + 10)
                    let (shifted, o1) = magnitude.multipliedReportingOverflow(by: 16)
                    let (sum, o2) = shifted.addingReportingOverflow(digit)
                    magnitude = sum
                    overflow = overflow || o1 || o2
                }
                if !negative { return overflow ? .outOfRange : .valid }
                if !overflow && magnitude <= UInt64(1) << 63 { return .valid }
                // Int64's slow path: strtod rounds to -2^63, which fits, so it goes on to a
                // check that finds nothing wrong and traps.
                return strtodWhole(t).map { Int64(exactly: $0) != nil } == true ? .crashesDecoder : .outOfRange
            }
            // `.` or `p`: only the integer slow path reads it, through strtod.
            if let value = strtodWhole(t), let integer = Int64(exactly: value), integer.magnitude < UInt64(1) << 53 {
                return .valid
            }
            return unexpected(hexEnd, in: "a hex number")
        }
        if let value = strtodWhole(t) { return value.isFinite ? .valid : .outOfRange }
        // strtod stopped early: Foundation's validateNumber explains why, or traps when its
        // grammar finds nothing wrong (an exponent sign with no digits after it).
        var pastDecimalPoint = false
        var pastExponent = false
        var pastExponentSign = false
        var digits = 0
        for j in digitsStart..<n {
            switch t[j] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
            case UInt8(ascii: "."):
                guard !pastDecimalPoint && !pastExponent else { return unexpected(j) }
                pastDecimalPoint = true
                digits = 0
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard !pastExponent && (digits > 0 || pastDecimalPoint) else { return unexpected(j) }
                pastExponent = true
                digits = 0
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard pastExponent && !pastExponentSign && digits == 0 else { return unexpected(j) }
                pastExponentSign = true
            default:
                return unexpected(j)
            }
        }
        return .crashesDecoder
    }

    /// The value when `strtod` reads the whole token (it also reads hex floats), else nil.
    static func strtodWhole(_ t: UnsafeBufferPointer<UInt8>) -> Double? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: t.count + 1) { buf in
            for k in 0..<t.count { buf[k] = CChar(bitPattern: t[k]) }
            buf[t.count] = 0
            var stop: UnsafeMutablePointer<CChar>?
            let value = strtod(buf.baseAddress!, &stop)
            return stop == buf.baseAddress! + t.count ? value : nil
        }
    }

    /// Whether the (grammatical) number text is finite as a Double, by `strtod`.
    static func isFinite(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: t.count + 1) { buf in
            for k in 0..<t.count { buf[k] = CChar(bitPattern: t[k]) }
            buf[t.count] = 0
            return strtod(buf.baseAddress!, nil).isFinite
        }
    }
}

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
                    || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) {
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
                    || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
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
            issues.append(JSONIssue(kind: .invalidNumber(snippet(start, i - start), reason: reason), node: node, inKey: false, location: location(start)))
        case .outOfRange:
            issues.append(JSONIssue(kind: .numberOutOfRange(snippet(start, i - start)), node: node, inKey: false, location: location(start)))
        }
    }
}

/// The number grammars of RFC 8259 and of Foundation's JSON5 reader.
enum NumberGrammar {
    enum Verdict: Equatable { case valid, invalid(String), outOfRange }

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
        if t[k] == UInt8(ascii: "-") || t[k] == UInt8(ascii: "+") { k += 1 }
        guard k < n else { return .invalid("a sign must be followed by digits") }
        if t[k] == UInt8(ascii: "I") {
            return rest(is: "Infinity", from: k) ? .valid : .invalid("expected Infinity")
        }
        if t[k] == UInt8(ascii: "N") {
            return rest(is: "NaN", from: k) ? .valid : .invalid("expected NaN")
        }
        if t[k] == UInt8(ascii: "0"), k + 1 < n, t[k + 1] | 0x20 == UInt8(ascii: "x") {
            k += 2
            guard isHex(k) else { return .invalid("0x must be followed by hex digits") }
            while isHex(k) { k += 1 }
            return k == n ? .valid : .invalid("unexpected '\(Character(Unicode.Scalar(t[k])))' in a hex number")
        }
        var intDigits = 0
        if isDigit(k) && t[k] == UInt8(ascii: "0") && isDigit(k + 1) {
            return .invalid("leading zeros are not allowed")
        }
        while isDigit(k) { k += 1; intDigits += 1 }
        var fracDigits = 0
        if k < n && t[k] == UInt8(ascii: ".") {
            k += 1
            while isDigit(k) { k += 1; fracDigits += 1 }
        }
        guard intDigits + fracDigits > 0 else { return .invalid("a number needs digits") }
        if intDigits == 0 && fracDigits == 0 { return .invalid("a number needs digits") }
        var needsRangeCheck = intDigits > 15
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

    /// Whether the (grammatical) number text is finite as a Double, by `strtod`.
    static func isFinite(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: t.count + 1) { buf in
            for k in 0..<t.count { buf[k] = CChar(bitPattern: t[k]) }
            buf[t.count] = 0
            return strtod(buf.baseAddress!, nil).isFinite
        }
    }
}

extension JSONScanner {
    /// Scans a quoted string from its opening quote to just past its closing quote.
    ///
    /// Structure (where the string ends) is Foundation's: a backslash hides the next byte,
    /// and `\u` must have four more bytes before the quote. Contents are checked fully, but
    /// a bad content only records a ``JSONIssue`` (the first one per string).
    mutating func scanString(quote: UInt8, node: Int, inKey: Bool) throws(ScanFailure) -> UInt8 {
        let start = i
        i += 1
        var flags: UInt8 = 0
        var recorded = false
        @inline(__always) func note(_ kind: JSONIssue.Kind, at offset: Int, _ scanner: inout JSONScanner) {
            guard !recorded else { return }
            recorded = true
            scanner.issues.append(JSONIssue(kind: kind, node: node, inKey: inKey, location: scanner.location(offset)))
        }
        while true {
            // The fast path: plain ASCII that needs no attention, eight bytes at a time while
            // none of them does (SWAR), then byte by byte to the one that does.
            let quotes = UInt64(quote) &* Self.everyByte
            while i &+ 8 <= end {
                let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                guard Self.nothingToSee(word, quotes: quotes) else { break }
                i &+= 8
            }
            while i < end {
                let b = p[i]
                if b == quote || b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
                i += 1
            }
            guard i < end else {
                throw failure(.unterminatedString(startedAt: location(start)), at: start)
            }
            let b = p[i]
            if b == quote {
                i += 1
                return flags
            }
            if b == UInt8(ascii: "\\") {
                flags |= NodeFlags.escapes
                let escapeStart = i
                guard i + 1 < end else { throw failure(.unterminatedString(startedAt: location(start)), at: start) }
                let e = p[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "'") where json5:
                    break
                case 0x0A where json5:
                    noteLineBreak(after: i)
                case 0x0D where json5:
                    if i < end && p[i] == 0x0A { i += 1 }
                    noteLineBreak(after: i)
                case UInt8(ascii: "u"):
                    guard let unit = try hexEscape(digits: 4, quote: quote, escapeStart: escapeStart) else {
                        note(.invalidUnicodeEscape(snippet(escapeStart, 6)), at: escapeStart, &self)
                        continue
                    }
                    if json5 && unit == 0 {
                        note(.escapedNull, at: escapeStart, &self)
                    } else if (0xD800...0xDBFF).contains(unit) {
                        // A high surrogate must be followed at once by an escaped low one.
                        if i + 6 <= end, p[i] == UInt8(ascii: "\\"), p[i + 1] == UInt8(ascii: "u"),
                            let low = Self.hexValue(p + i + 2, count: 4), (0xDC00...0xDFFF).contains(low)
                        {
                            i += 6
                        } else {
                            note(.loneSurrogate(snippet(escapeStart, 6)), at: escapeStart, &self)
                        }
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        note(.loneSurrogate(snippet(escapeStart, 6)), at: escapeStart, &self)
                    }
                case UInt8(ascii: "x") where json5:
                    guard let unit = try hexEscape(digits: 2, quote: quote, escapeStart: escapeStart) else {
                        note(.invalidEscape(snippet(escapeStart, 4)), at: escapeStart, &self)
                        continue
                    }
                    if unit == 0 { note(.escapedNull, at: escapeStart, &self) }
                default:
                    // An escaped line break still breaks the line in the user's editor.
                    if e == 0x0A || e == 0x0D { noteLineBreak(after: i) }
                    if e >= 0x80, let (_, n) = UTF8Validation.decode(p, offset: i - 1, end: end) {
                        i += n - 1
                        note(.invalidEscape(snippet(escapeStart, n + 1)), at: escapeStart, &self)
                    } else {
                        note(.invalidEscape(snippet(escapeStart, 2)), at: escapeStart, &self)
                    }
                }
            } else if b < 0x20 {
                note(.unescapedControlCharacter(b), at: i, &self)
                i += 1
                if b == 0x0A || (b == 0x0D && (i >= end || p[i] != 0x0A)) { noteLineBreak(after: i) }
            } else {
                if let (_, n) = UTF8Validation.decode(p, offset: i, end: end) {
                    i += n
                } else {
                    note(.invalidUTF8, at: i, &self)
                    i += 1
                }
            }
        }
    }

    static let everyByte: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether none of a word's eight bytes is the quote, a backslash, a control character
    /// (< 0x20) or part of a multi-byte character (>= 0x80): the classic "has zero byte" and
    /// "has byte less than" tests, exact for the word as a whole.
    @inline(__always)
    static func nothingToSee(_ word: UInt64, quotes: UInt64) -> Bool {
        @inline(__always) func hasZeroByte(_ v: UInt64) -> UInt64 { (v &- everyByte) & ~v & highBits }
        let attention =
            word & highBits  // >= 0x80
            | ((word &- 0x20 &* everyByte) & ~word & highBits)  // < 0x20 (for bytes < 0x80)
            | hasZeroByte(word ^ quotes)
            | hasZeroByte(word ^ (UInt64(UInt8(ascii: "\\")) &* everyByte))
        return attention == 0
    }

    /// Reads the hex digits of a `\u` or `\x` escape (`i` just past the letter).
    /// Throws when the closing quote or the end comes first (structural for Foundation);
    /// returns nil when the digits are not hex (a content issue).
    private mutating func hexEscape(digits: Int, quote: UInt8, escapeStart: Int) throws(ScanFailure) -> UInt32? {
        guard i + digits <= end else {
            throw failure(.truncatedEscape(snippet(escapeStart, end - escapeStart)), at: escapeStart)
        }
        for k in 0..<digits where p[i + k] == quote {
            throw failure(.truncatedEscape(snippet(escapeStart, 2 + k)), at: escapeStart)
        }
        let value = Self.hexValue(p + i, count: digits)
        i += digits
        return value
    }

    static func hexValue(_ q: UnsafePointer<UInt8>, count: Int) -> UInt32? {
        var v: UInt32 = 0
        for k in 0..<count {
            let c = q[k]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// The source text at `offset`, made safe to print (for messages). A long token (a
    /// 100,000-digit number) shows its start and end with its length between.
    func snippet(_ offset: Int, _ length: Int) -> String {
        let n = max(0, min(length, end - offset))
        func text(_ from: Int, _ count: Int) -> String {
            TerminalSafeText.escape(String(decoding: UnsafeBufferPointer(start: p + from, count: count), as: UTF8.self))
        }
        guard n > Self.longestSnippet else { return "`" + text(offset, n) + "`" }
        // Cut at scalar starts, so no character is split.
        var head = offset + Self.longestSnippet / 2
        while head > offset && p[head] & 0xC0 == 0x80 { head -= 1 }
        var tail = offset + n - Self.longestSnippet / 4
        while tail < offset + n && p[tail] & 0xC0 == 0x80 { tail += 1 }
        return "`" + text(offset, head - offset) + "…" + text(tail, offset + n - tail) + "` (\(n) bytes)"
    }

    static let longestSnippet = 64
}

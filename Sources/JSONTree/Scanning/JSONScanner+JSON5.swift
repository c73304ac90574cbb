extension JSONScanner {
    /// Skips a `//` or `/* */` comment at `i` (JSON5). Returns false when the slash starts
    /// no comment, leaving `i` on it.
    mutating func skipComment() throws(ScanFailure) -> Bool {
        guard i + 1 < end else { return false }
        let start = i
        switch p[i + 1] {
        case UInt8(ascii: "/"):
            i += 2
            while i < end {
                let c = p[i]
                i += 1
                if c == 0x0A || c == 0x0D {
                    if c == 0x0D && i < end && p[i] == 0x0A { i += 1 }
                    noteLineBreak(after: i)
                    return true
                }
            }
            return true
        case UInt8(ascii: "*"):
            i += 2
            while i + 1 < end {
                if p[i] == UInt8(ascii: "*") && p[i + 1] == UInt8(ascii: "/") {
                    i += 2
                    return true
                }
                if p[i] == 0x0A || (p[i] == 0x0D && p[i + 1] != 0x0A) { noteLineBreak(after: i + 1) }
                i += 1
            }
            throw failure(.unterminatedComment(startedAt: location(start)), at: start)
        default:
            return false
        }
    }

    /// Scans a JSON5 unquoted key: identifier characters (letters, digits after the first,
    /// `$`, `_`, marks, ZWNJ/ZWJ) and `\u`/`\x` escapes of them.
    mutating func scanUnquotedKey(node: Int) throws(ScanFailure) -> UInt8 {
        let first = p[i]
        let startsByRule: Bool
        switch first {
        case UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "$"), UInt8(ascii: "_"), UInt8(ascii: "\\"):
            startsByRule = true
        default:
            guard let (scalar, _) = try peekKeyScalar() else {
                throw failure(.unexpectedEnd(expected: .key, openedAt: nil), at: i)
            }
            startsByRule = Self.isUnquotedKeyStart(scalar)
        }
        guard startsByRule else {
            throw failure(.unexpectedCharacter(found: describe(i), expected: .key), at: i)
        }
        while true {
            guard let (scalar, length) = try peekKeyScalar() else {
                throw failure(.unexpectedEnd(expected: .colon, openedAt: nil), at: i)
            }
            guard Self.isUnquotedKeyCharacter(scalar) else { break }
            i += length
        }
        // Unquoted keys are read through the unescaping path.
        return NodeFlags.escapes
    }

    /// The scalar at `i`, decoding `\uXXXX` and `\xXX` escapes as Foundation's JSON5 reader
    /// does for unquoted keys; nil at the end of input.
    private func peekKeyScalar() throws(ScanFailure) -> (Unicode.Scalar, Int)? {
        guard i < end else { return nil }
        if p[i] == UInt8(ascii: "\\") {
            guard i + 1 < end else { throw failure(.unexpectedEnd(expected: .colon, openedAt: nil), at: i) }
            switch p[i + 1] {
            case UInt8(ascii: "u"):
                guard i + 6 <= end else { throw failure(.unexpectedEnd(expected: .colon, openedAt: nil), at: i) }
                guard let v = Self.hexValue(p + i + 2, count: 4), v != 0, let s = Unicode.Scalar(v) else {
                    throw failure(.unexpectedCharacter(found: describe(i + 2), expected: .key), at: i + 2)
                }
                return (s, 6)
            case UInt8(ascii: "x"):
                guard i + 4 <= end else { throw failure(.unexpectedEnd(expected: .colon, openedAt: nil), at: i) }
                guard let v = Self.hexValue(p + i + 2, count: 2) else {
                    throw failure(.unexpectedCharacter(found: describe(i + 2), expected: .key), at: i + 2)
                }
                return (Unicode.Scalar(UInt8(v)), 4)
            default:
                throw failure(.unexpectedCharacter(found: describe(i + 1), expected: .key), at: i + 1)
            }
        }
        guard let decoded = UTF8Validation.decode(p, offset: i, end: end) else {
            throw failure(.unexpectedCharacter(found: describe(i), expected: .key), at: i)
        }
        return decoded
    }

    static func isUnquotedKeyStart(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
            return true
        default:
            return false
        }
    }

    static func isUnquotedKeyCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber,
            .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation:
            return true
        default:
            return s == "_" || s == "$" || s == "\\" || s.value == 0x200C || s.value == 0x200D
        }
    }
}

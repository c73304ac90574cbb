/// Makes untrusted text safe to print on a terminal.
///
/// Payloads are untrusted: a key or value may hold escape sequences that would retitle the
/// window, move the cursor or hide text. Control characters (C0, DEL, C1), bidi overrides,
/// zero-width characters and the Unicode line and paragraph separators (U+2028, U+2029: some
/// terminals and every editor break the line there, so one line of output could forge two) are
/// replaced by visible `\u{...}` escapes; everything else passes.
public enum TerminalSafeText {
    /// Whether a scalar must not reach a terminal raw.
    public static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF, 0x061C, 0xFFF9...0xFFFB: return true
        default: return false
        }
    }

    /// Text of several lines, each escaped: the line feeds stay, everything else unsafe is escaped.
    /// The lines end at each line feed that is a `Character` of its own (one after a carriage
    /// return is part of `"\r\n"`, escaped with it), found a byte at a time: splitting by
    /// `Character` was most of the time a capture's failing entries took to print.
    public static func escapeLines(_ text: String) -> String {
        if isPrintableASCII(text, keeping: UInt8(ascii: "\n")) { return text }
        let bytes = Array(text.utf8)
        var lines: [String] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") && (index == 0 || bytes[index - 1] != UInt8(ascii: "\r")) {
            lines.append(escape(String(decoding: bytes[start..<index], as: UTF8.self)))
            start = index + 1
        }
        lines.append(escape(String(decoding: bytes[start...], as: UTF8.self)))
        return lines.joined(separator: "\n")
    }

    /// Lines made by a command's renderer from raw pieces (a payload's key, the model's code),
    /// joined for the terminal: each escaped whole, so a line feed inside a piece shows as `\n`
    /// and never forges a line; tabs stay (a diff's indentation). The one place a command's
    /// output text is made safe.
    public static func escapeLines(_ lines: [String]) -> String {
        lines.map { escape($0, keepingTabs: true) }.joined(separator: "\n")
    }

    /// Whether every byte of the text is printable ASCII, or `kept`: such text is safe as it is
    /// (the common case, checked a byte at a time; any other byte is for ``isUnsafe(_:)`` to judge).
    private static func isPrintableASCII(_ text: String, keeping kept: UInt8?) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F {
                if byte != kept { return false }
            }
            return true
        }
    }

    /// The text with every unsafe scalar written as a Swift-style escape (tabs too, unless kept).
    public static func escape(_ text: String, keepingTabs: Bool = false) -> String {
        if isPrintableASCII(text, keeping: keepingTabs ? UInt8(ascii: "\t") : nil) { return text }
        let unsafe = { (s: Unicode.Scalar) in isUnsafe(s) && !(keepingTabs && s == "\t") }
        guard text.unicodeScalars.contains(where: unsafe) else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if unsafe(s) {
                let named: String
                switch s {
                case "\n": named = "\\n"
                case "\t": named = "\\t"
                case "\r": named = "\\r"
                default: named = "\\u{\(String(s.value, radix: 16, uppercase: true))}"
                }
                out.append(contentsOf: named.unicodeScalars)
            } else {
                out.append(s)
            }
        }
        return String(out)
    }
}

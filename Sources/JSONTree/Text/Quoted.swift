/// The one string escaper per target language: every JSON string and every Swift string literal
/// the tool writes goes through here (shell words: `ShellWord` in the command; jq paths:
/// ``NodePath/jqPath``, whose keys are JSON strings from here).
///
/// Both are safe on a terminal: control, bidi and invisible characters (``TerminalSafeText``) are
/// escaped, so a payload's key or value cannot move the cursor, retitle the window or forge a line,
/// and the literal still reads back as exactly the text it was made from.
public enum Quoted {
    /// A JSON string (RFC 8259): `"a\"b"`, `"\n"`, `"\u001B[2J"`; non-BMP characters stay as they are.
    public static func json(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for s in text.unicodeScalars {
            switch s {
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\u{8}": out.append(contentsOf: "\\b".unicodeScalars)
            case "\u{C}": out.append(contentsOf: "\\f".unicodeScalars)
            default:
                if TerminalSafeText.isUnsafe(s) {
                    out.append(contentsOf: "\\u\(CharacterDescription.hex(s.value, width: 4))".unicodeScalars)
                } else {
                    out.append(s)
                }
            }
        }
        out.append("\"")
        return String(out)
    }

    /// A Swift string literal: `"a\"b"`, `"\n"`, `"\0"`, `"\u{1B}[2J"`. With `asciiOnly`, every
    /// scalar outside printable ASCII is a `\u{…}` escape too (generated source that must read the
    /// same in any editor: `"caf\u{E9}"`).
    public static func swift(_ text: String, asciiOnly: Bool = false) -> String {
        var out = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if TerminalSafeText.isUnsafe(s) || (asciiOnly && !(" "..."~").contains(s)) {
                    out += "\\u{\(String(s.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out + "\""
    }
}

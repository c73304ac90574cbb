/// The explorer's glyphs in ASCII, for a terminal whose locale is not UTF-8 (`LANG=C`, an old
/// serial console): there ncursesw cannot show `▾` or `✖`, and would print garbage or
/// nothing. Each glyph has a one-column stand-in, so columns stay where they were; any other
/// character outside ASCII (payload text) shows as `?`.
public enum AsciiGlyphs {
    static let table: [Character: Character] = [
        "▾": "v", "▸": ">", "✖": "x", "✓": "+", "·": ".", "┄": "-", "─": "-", "│": "|",
        "◆": "*", "…": "~", "⋯": "~", "⏎": "<", "▏": "|", "→": ">", "←": "<", "×": "x",
        "⚠": "!", "●": "*", "○": "o", "▶": ">", "◀": "<", "↑": "^", "↓": "v", "✎": "e",
        "⊘": "c",
    ]

    /// The stand-in for one cell's character; `?` for what has none.
    public static func substitute(_ character: Character) -> Character {
        if character.isASCII { return character }
        return table[character] ?? "?"
    }

    /// Whether the C library's locale (after `setlocale(LC_ALL, "")`) writes UTF-8.
    public static func localeIsUTF8(codeset: String) -> Bool {
        let name = codeset.uppercased().replacingOccurrences(of: "-", with: "")
        return name == "UTF8"
    }
}

private extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// The one rule for text that does not fit its columns, used by every renderer: whole words
/// from the start, then exactly one `…`.
///
/// Worked through at 25 columns, `Cannot get value of type Double -- found a string` keeps
/// the words that fit with a column left for the ellipsis (`Cannot get value of type`, 24),
/// drops a separator it would end on (a space, `,`, `--`), and reads `Cannot get value of
/// type…`. Only when whole words would keep less than half the room (a long first word, a
/// value such as `"Lavender,hand-made"`) is a word cut, and the `…` still says so. Text that
/// already ends in `…` (a preview's `, …`) gets no second one. Widths are display widths
/// (``DisplayWidth``), so wide characters count twice.
enum Shortened {
    static let ellipsis: Character = "…"

    /// `text` whole when it fits `width` columns, else cut at a word boundary and ended by `…`.
    static func text(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 1 else { return width == 1 ? String(ellipsis) : "" }
        let room = width - 1
        var used = 0
        var kept = text.startIndex  // the end of the last whole word that fits
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let w = DisplayWidth.of(character)
            if used + w > room { break }
            used += w
            index = text.index(after: index)
            if index == text.endIndex || text[index] == " " { kept = index }
        }
        // Whole words, unless they would keep less than half the room (a long first word, a
        // value such as `"Lavender,hand-made"`): then the word is cut, and the `…` says so.
        let keptWidth = DisplayWidth.of(text[..<kept])
        var out = keptWidth * 2 < room ? String(text[..<index]) : String(text[..<kept])
        while let last = out.last, Self.dangling.contains(last) { out.removeLast() }
        return out.last == ellipsis ? out : out + String(ellipsis)
    }

    /// `text` whole when it fits, else its end kept and its start given as `…` (a path or a
    /// file name, whose last part says most).
    static func fromLeft(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 1 else { return width == 1 ? String(ellipsis) : "" }
        var kept = ""
        var used = 1
        for character in text.reversed() {
            let w = DisplayWidth.of(character)
            if used + w > width { break }
            kept.insert(character, at: kept.startIndex)
            used += w
        }
        return String(ellipsis) + kept
    }

    /// As many of `parts` as fit in `width` columns, joined by `separator`, each part whole
    /// or not at all, in order of `priority` (lower first) but shown in their own order.
    static func parts(_ parts: [String], priority: [Int], separator: String = "  ", width: Int) -> String {
        var chosen = Set<Int>()
        for k in parts.indices.sorted(by: { priority[$0] < priority[$1] }) {
            let candidate = parts.indices.filter { chosen.contains($0) || $0 == k }.map { parts[$0] }
            if DisplayWidth.of(candidate.joined(separator: separator)) <= width { chosen.insert(k) }
        }
        return parts.indices.filter(chosen.contains).map { parts[$0] }.joined(separator: separator)
    }

    /// Characters a cut must not end on before its `…`: a space, or a separator left hanging.
    private static let dangling: Set<Character> = [" ", ",", ";", ":", "-", "–", "—", "(", "/", "."]
}

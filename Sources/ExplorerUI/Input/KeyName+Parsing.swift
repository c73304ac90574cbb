import JSONTree

extension KeyName {
    /// Why a key name in keys.conf is not one, and where in it (scalars from its start).
    public struct ParseError: Error, Hashable, Sendable {
        public var message: String
        public var offset: Int
    }

    /// The keys written in keys.conf: one named key (`Ctrl-d`, `Space`, `PgDn`, `Enter`), or a
    /// sequence of characters (`]e`, `yp`) in which named keys go in angle brackets
    /// (`<Ctrl-w>j`, `g<Space>`). Names ignore case; `Ctrl-` takes a letter.
    public static func parse(_ text: String) throws(ParseError) -> [Key] {
        if let key = try named(text, at: 0) { return [key] }
        let scalars = Array(text.unicodeScalars)
        var keys: [Key] = []
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "<", let close = scalars[i...].firstIndex(of: ">"), close > i + 1 {
                let name = String(String.UnicodeScalarView(scalars[(i + 1)..<close]))
                if let key = try named(name, at: i + 1) {
                    keys.append(key)
                    i = close + 1
                    continue
                }
            }
            guard !TerminalSafeText.isUnsafe(s) else {
                throw ParseError(
                    message: "\(TerminalSafeText.escape(String(s))) is a control or invisible character; name the key (Ctrl-x, Esc, Tab)",
                    offset: i)
            }
            keys.append(.character(Character(s)))
            i += 1
        }
        guard !keys.isEmpty else { throw ParseError(message: "expected a key", offset: 0) }
        return keys
    }

    private static let names: [String: Key] = [
        "space": .character(" "), "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "tab": .tab, "shift-tab": .backTab, "backtab": .backTab, "backspace": .backspace,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "home": .home, "end": .end,
    ]

    /// A named key, nil when the text is not a name at all; an error for a name that cannot be.
    private static func named(_ text: String, at offset: Int) throws(ParseError) -> Key? {
        let lower = text.lowercased()
        if let key = names[lower] { return key }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n), lower.count <= 3 { return .function(n) }
        guard lower.hasPrefix("ctrl-"), lower.count > 5 else { return nil }
        let letter = String(lower.dropFirst(5))
        guard letter.count == 1, let c = letter.first, c >= "a" && c <= "z" else {
            throw ParseError(message: "Ctrl- takes one letter, a to z: \(TerminalSafeText.escape(text))", offset: offset)
        }
        // These arrive from a terminal as other keys.
        let aliases: [Character: String] = ["i": "Tab", "m": "Enter", "j": "Enter", "h": "Backspace"]
        if let alias = aliases[c] {
            throw ParseError(message: "Ctrl-\(c) arrives as \(alias) on a terminal; write \(alias)", offset: offset)
        }
        return .control(c)
    }
}

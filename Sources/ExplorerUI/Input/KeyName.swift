/// Keys as the help screen and the config file write them: `j`, `Ctrl-d`, `Enter`, `]e`.
public enum KeyName {
    /// A sequence: printable keys as they are, named keys in angle brackets when there is more
    /// than one key (`yp`, `<Ctrl-w>j`), so the text parses back with ``parse(_:)``.
    public static func describe(_ keys: [Key]) -> String {
        guard keys.count > 1 else { return keys.first.map(describe) ?? "" }
        return keys.map { key in
            if case .character(let c) = key, c != " " { return String(c) }
            return "<" + describe(key) + ">"
        }.joined()
    }

    public static func describe(_ key: Key) -> String {
        switch key {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "Ctrl-\(c)"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .resize: "Resize"
        case .function(let n): "F\(n)"
        }
    }
}

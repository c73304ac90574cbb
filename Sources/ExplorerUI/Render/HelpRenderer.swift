/// The `?` screen: every key and what it does.
enum HelpRenderer {
    static let lines: [(String, String)] = [
        ("j / k, ↓ / ↑", "move down / up"),
        ("h / l, ← / →", "fold, or go to the parent / unfold, or go to the first child"),
        ("J / K", "next / previous sibling"),
        ("g / G, Home / End", "first / last row"),
        ("Ctrl-d / Ctrl-u", "half a page down / up"),
        ("PgDn / PgUp", "a page down / up"),
        ("space", "fold or unfold"),
        ("L / H", "unfold / fold everything under the cursor"),
        ("?", "this help (any key closes it)"),
        ("q, Ctrl-C", "quit"),
    ]

    static func draw(into screen: inout Screen) {
        screen.put(" Keys", x: 0, y: 0, style: .header)
        for (k, line) in lines.enumerated() where k + 2 < screen.height {
            let x = screen.put("  " + line.0, x: 0, y: k + 2, style: .key)
            screen.put(line.1, x: max(x + 2, 24), y: k + 2, style: .plain)
        }
    }
}

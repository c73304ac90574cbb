import CNcurses

/// How each style looks on a terminal: a colour pair and attributes; without colour
/// (NO_COLOR or a monochrome terminal) only attributes, so the cursor and errors still show.
enum Palette {
    struct Look {
        var pair: Int16 = 0
        var bold = false
        var reverse = false
        var dim = false
        var underline = false
    }

    static let pairs: [(Int16, Int16)] = [
        (1, Int16(COLOR_BLUE)), (2, Int16(COLOR_GREEN)), (3, Int16(COLOR_CYAN)), (4, Int16(COLOR_YELLOW)),
        (5, Int16(COLOR_MAGENTA)), (6, Int16(COLOR_RED)), (7, Int16(COLOR_WHITE)),
    ]

    static func look(_ style: Style, colors: Bool) -> Look {
        var look = Look()
        switch style {
        case .plain, .punctuation: break
        case .key: look.pair = 1; look.bold = true
        case .string: look.pair = 2
        case .number: look.pair = 3
        case .bool, .null: look.pair = 5
        case .preview, .count, .dimmed, .hint, .border: look.dim = true
        case .escaped: look.pair = 4; look.underline = true
        case .error: look.pair = 6; look.bold = true
        case .warning: look.pair = 4
        case .success: look.pair = 2; look.bold = true
        case .decodeRoot: look.pair = 5; look.bold = true
        case .ghost: look.dim = true; look.underline = true
        case .cursor, .header, .status: look.reverse = true
        case .match:
            // Yellow behind the text; without colour, bold and underlined (reverse is the cursor's).
            look.pair = 4
            if colors { look.reverse = true } else { look.bold = true; look.underline = true }
        }
        if !colors { look.pair = 0 }
        return look
    }
}

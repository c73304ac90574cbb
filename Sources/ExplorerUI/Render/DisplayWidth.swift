import CNcurses

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many terminal columns a character takes: 0 (combining), 1, or 2 (wide CJK, emoji).
///
/// Uses the C library's `wcwidth` under a UTF-8 locale, as ncurses itself does, so what we
/// measure is what the terminal library will draw.
public enum DisplayWidth {
    private static let localeReady: Bool = {
        if setlocale(LC_CTYPE, nil).map({ String(cString: $0) }).map({ $0.contains("UTF-8") || $0.contains("utf8") }) != true {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
        return true
    }()

    /// The width of a grapheme cluster: its first scalar's width, wide if any scalar is
    /// an emoji presentation, never negative.
    public static func of(_ character: Character) -> Int {
        _ = localeReady
        var width = 0
        for (k, scalar) in character.unicodeScalars.enumerated() {
            if scalar.properties.isEmojiPresentation || scalar.value == 0xFE0F { return 2 }
            if k == 0 {
                let w = Int(ce_wcwidth(scalar.value))
                width = w < 0 ? 1 : w
            }
        }
        return width
    }

    /// The width of a string.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }
}

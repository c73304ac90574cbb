import Testing

@testable import ExplorerUI

/// The frame grid: wide characters, clipping, and the text forms tests compare.
@Suite struct ScreenTests {
    @Test func wideCharactersTakeTwoCellsAndNeverHalfFit() {
        var screen = Screen(width: 8, height: 2)
        let end = screen.put("日本😀", x: 0, y: 0, style: .string)
        #expect(end == 6)
        #expect(screen.text.split(separator: "\n").first == "日本😀")
        screen.put("ab日", x: 5, y: 1, style: .key)
        // "日" needs two cells but only one is left: a space stands in.
        #expect(screen.text.split(separator: "\n").last == "     ab")
    }

    @Test func combiningMarksTakeNoCell() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("a\u{301}bc") == 3)
        #expect(DisplayWidth.of("👩‍💻") == 2)
    }

    @Test func styledTextMarksWhereStylesBegin() {
        var screen = Screen(width: 20, height: 1)
        var x = screen.put("\"id\"", x: 0, y: 0, style: .key)
        x = screen.put(": ", x: x, y: 0, style: .punctuation)
        screen.put("42", x: x, y: 0, style: .number)
        #expect(screen.styledText == "[k]\"id\"[/][p]: [/][n]42[/]")
    }
}

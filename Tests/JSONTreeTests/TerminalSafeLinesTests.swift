import JSONTree
import Testing

/// `TerminalSafeText.escapeLines` finds its lines a byte at a time: each ends where splitting the
/// text by `Character` at `"\n"` ends it (a line feed after a carriage return is part of `"\r\n"`).
@Suite struct TerminalSafeLinesTests {
    static let texts = [
        "", "\n", "a\nb", "a\r\nb", "a\r\n\nb", "\r\r\n\n", "é\n•••\n✖ 1", "\n\u{301}x", "x\u{1B}[31m\nred\u{7}", "tab\there\n",
        "line\u{2028}forged\nnext", "\u{FEFF}\r\n\u{202E}abc\n", "日本\n\r\n\n\r",
    ]

    @Test func linesEndWhereCharactersSayTheyEnd() {
        for text in Self.texts {
            let byCharacter = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { TerminalSafeText.escape(String($0)) }.joined(separator: "\n")
            #expect(TerminalSafeText.escapeLines(text) == byCharacter, "\(text.debugDescription)")
        }
        // A carriage return and line feed is one Character: escaped on its line, never a line break.
        #expect(!TerminalSafeText.escapeLines("a\r\nb").utf8.contains(UInt8(ascii: "\n")))
    }
}

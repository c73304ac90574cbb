import Foundation
import Testing

@testable import Capture

/// The reader's string searches (`PlainText`) answer as Foundation's, which they replace on the
/// path every entry takes.
@Suite struct PlainTextTests {
    static let texts = [
        "", " ", "\t application/json \t", "\u{00A0}text/json\u{00A0}", "\u{2003}a\u{2003}", " \n x \n ", "'\"utf-8\"'",
        " \"UTF-16LE\" ", "日本 ", "\u{3000}ja\u{3000}", "\r\napplication/problem+json",
    ]

    @Test func trimmingIsFoundations() {
        for text in Self.texts {
            #expect(
                PlainText.trimmed(Substring(text), dropping: PlainText.isWhitespace) == text.trimmingCharacters(in: .whitespaces),
                "\(text.debugDescription)")
            let quotes = CharacterSet(charactersIn: " \"'")
            #expect(
                PlainText.trimmed(Substring(text), dropping: { $0 == " " || $0 == "\"" || $0 == "'" })
                    == text.trimmingCharacters(in: quotes), "\(text.debugDescription)")
        }
    }

    @Test func searchingIsFoundations() {
        let haystacks = ["https://user:pw@host/a", "/no/scheme", "x://", "://", "apikeytoken", "sessionid", "clientsecret", "", "日本://x"]
        for text in haystacks {
            let mine = PlainText.range(of: "://", in: Array(text.utf8)[...]).map(\.lowerBound)
            let foundation = text.range(of: "://").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
            #expect(mine == foundation, "\(text)")
            for word in ["token", "secret", "apikey", "sessionid", "://"] {
                #expect(PlainText.contains(Array(word.utf8), in: Array(text.utf8)) == text.contains(word), "\(text) \(word)")
            }
        }
    }
}

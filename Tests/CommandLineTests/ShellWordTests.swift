import Foundation
import JSONTree
import TestSupport
import Testing

@testable import CodableExplorerCommands

/// The one shell quoter (`ShellWord`), on hostile words: `sh` reads each printable word back as
/// it was (no expansion of `$`, backticks, globs or quotes), and a word with control characters
/// is shown escaped, never raw on the terminal.
@Suite("ShellWord: sh reads each word back; nothing unsafe reaches the terminal")
struct ShellWordTests {
    static let printable: [String] = [
        "plain", "", "has space", "$HOME", "${PATH}", "`id`", "$(id)", "'single'", "it's", "\"double\"", "back\\slash", "*.json",
        "~user", "a;b|c&d>e<f", "😀 non-BMP 𝄞", "café", "--flag=x y", "!event", "#comment",
    ]

    @Test("sh reads each word back as it was", arguments: printable)
    func shReadsBack(_ word: String) throws {
        let quoted = ShellWord.quoted(word)
        let read = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf %s " + quoted])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == word, "\(quoted)")
    }

    @Test("control, bidi and invisible characters are shown escaped inside the quotes")
    func unsafeIsEscaped() throws {
        for word in ["line\nbreak", "\u{1B}[2J", "bidi\u{202E}exe", "zero\u{200B}width", "\u{9B}31m"] {
            let quoted = ShellWord.quoted(word)
            #expect(!quoted.unicodeScalars.contains(where: TerminalSafeText.isUnsafe), "\(quoted)")
            #expect(quoted.hasPrefix("'") && quoted.hasSuffix("'"), "\(quoted)")
        }
    }
}

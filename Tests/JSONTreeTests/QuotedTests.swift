import Foundation
import JSONTree
import TestSupport
import Testing

/// The one escaper per language (``Quoted``), on hostile text: each literal reads back, in the
/// language's own reader, as exactly the text it was made from, and none lets a control, bidi or
/// invisible character reach a terminal raw.
@Suite("Quoted: JSON strings and Swift literals read back and are terminal-safe")
struct QuotedTests {
    static let hostile: [String] = [
        "", "plain", "a\"b", "back\\slash", "\\\"", "line\nbreak", "cr\r tab\t", "\u{0}nul", "\u{1B}[2J\u{1B}]0;owned\u{7}",
        "\u{8}\u{C}\u{1F}", "\u{7F}\u{85}\u{9B}31m", "bidi\u{202E}txt.exe", "zero\u{200B}width\u{FEFF}", "\u{2028}\u{2029}",
        "😀 non-BMP 𝄞", "café", "$HOME `id` $(id) 'q' *", "\\u{41}", "\\u0041", "\"\"\"",
    ]

    static func isTerminalSafe(_ text: String) -> Bool { !text.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) }

    @Test("JSON: Foundation reads each string back as it was; nothing unsafe is left raw", arguments: hostile)
    func jsonReadsBack(_ text: String) throws {
        let quoted = Quoted.json(text)
        #expect(Self.isTerminalSafe(quoted), "\(quoted)")
        let read = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
        #expect(read == [text], "\(quoted)")
    }

    @Test("JSON: characters outside the BMP and printable non-ASCII stay as they are")
    func jsonKeepsPrintableText() {
        #expect(Quoted.json("😀 café 𝄞") == "\"😀 café 𝄞\"")
        #expect(Quoted.json("\u{1B}\u{202E}") == #""\u001B\u202E""#)
    }

    /// swiftc compiles every literal, in both forms, and the program prints each one's UTF-8 in hex.
    @Test("Swift: swiftc reads each literal back as it was; ASCII-only literals are printable ASCII")
    func swiftReadsBack() throws {
        let literals = Self.hostile.flatMap { [Quoted.swift($0), Quoted.swift($0, asciiOnly: true)] }
        for literal in literals { #expect(Self.isTerminalSafe(literal), "\(literal)") }
        for text in Self.hostile {
            let ascii = Quoted.swift(text, asciiOnly: true)
            #expect(ascii.unicodeScalars.allSatisfy { (" "..."~").contains($0) }, "\(ascii)")
        }
        let main =
            "let literals: [String] = [\n" + literals.map { "    " + $0 + "," }.joined(separator: "\n") + "\n]\n"
            + #"for s in literals { print(s.utf8.map { String($0, radix: 16) }.joined(separator: " ")) }"# + "\n"
        let printed = try SwiftProgram.output(["main.swift": main]).split(separator: "\n", omittingEmptySubsequences: false)
        let expected = Self.hostile.flatMap { text in
            Array(repeating: text.utf8.map { String($0, radix: 16) }.joined(separator: " "), count: 2)
        }
        #expect(Array(printed.prefix(expected.count)).map(String.init) == expected)
    }

    /// jq reads the jq path of a hostile key and finds the value under it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/jq")), arguments: hostile.filter { !$0.isEmpty })
    func jqReadsTheKey(_ key: String) throws {
        let payload = try JSONSerialization.data(withJSONObject: ["x": [key: 7]])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("quoted-\(UUID().uuidString).json")
        try payload.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let path = NodePath([.key("x"), .key(key)]).jqPath
        #expect(Self.isTerminalSafe(path), "\(path)")
        #expect(try NodePathFormsTests.run("/usr/bin/jq", ["-c", path, file.path]) == "7", "\(path)")
    }
}

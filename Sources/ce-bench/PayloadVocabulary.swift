/// The text the payload generator draws from, kept as JSON source text (already escaped).
///
/// A real API response mixes plain ASCII with raw UTF-8 (names, titles in other scripts,
/// emoji) and with escapes (quotes, backslashes, newlines in Markdown bodies, `\u`
/// escapes from encoders that escape non-ASCII, `\/` from PHP-style encoders). The lists
/// below carry all of those so a scanner meets every string path it has.
enum PayloadVocabulary {
    static let words: [[UInt8]] = bytes([
        "decode", "encoder", "payload", "crash", "keys", "snake", "camel", "date", "nested",
        "array", "record", "invoice", "customer", "refund", "webhook", "timeout", "retry",
        "cursor", "page", "optional", "missing", "value", "string", "number", "parser",
        "release", "build", "linux", "server", "request", "response", "header", "token",
        "cache", "latency", "field", "model", "schema", "the", "a", "when", "after", "with",
        "fails", "returns", "expected", "found", "instead", "on", "of", "in", "for", "and",
    ])

    /// Raw UTF-8 words: two-, three- and four-byte sequences.
    static let unicodeWords: [[UInt8]] = bytes([
        "naïve", "café", "Zürich", "São Paulo", "日本語", "東京", "Ελληνικά", "русский",
        "한국어", "🚀", "🎉", "✓", "—", "…", "“smart quotes”", "Ünïcödé", "emoji 👩‍💻",
    ])

    /// Fragments that exercise the escape paths of a string scanner.
    static let escapedFragments: [[UInt8]] = bytes([
        #"caf\u00e9"#, #"\"quoted\""#, #"C:\\Users\\dev"#, #"\n"#, #"\t"#,
        #"\ud83d\ude80 launch"#, #"https:\/\/api.example.com\/v1"#, #"\u2014"#, #"\r\n"#,
        #"\u00fcber"#, #"tab\tseparated"#, #"a \\ b"#,
    ])

    static let codeBlock: [UInt8] = Array(
        #"\n\n```swift\nlet page = try JSONDecoder().decode(Page<Issue>.self, from: data)\nprint(page.data.count)\n```\n\n"#.utf8
    )

    static let paragraphBreak: [UInt8] = Array(#"\n\n"#.utf8)

    static let displayNames: [[UInt8]] = bytes([
        "Ada Lovelace", "José Müller", "李雷", #"Zoë O\u2019Brien"#, "Grace Hopper",
        "Søren Kierkegaard", "Ngọc Anh", #"\"Bobby\" Tables"#, "Алексей", "Fatima Zahra",
    ])

    static let labelNames: [[UInt8]] = bytes([
        "bug", "enhancement", "good first issue", "help wanted", "question", "wontfix",
        "area: decoding", "area: dates", "priority/high", "priority/low", "needs-triage", "🔥 hot",
    ])

    static let labelColors: [[UInt8]] = bytes([
        "d73a4a", "a2eeef", "7057ff", "008672", "d876e3", "ffffff", "0e8a16", "fbca04",
    ])

    static let currencies: [[UInt8]] = bytes(["usd", "eur", "gbp", "jpy", "chf", "brl"])
    static let cardBrands: [[UInt8]] = bytes(["visa", "mastercard", "amex", "discover"])
    static let chargeStatuses: [[UInt8]] = bytes(["succeeded", "pending", "failed"])
    static let associations: [[UInt8]] = bytes(["OWNER", "MEMBER", "CONTRIBUTOR", "NONE"])
    static let tiers: [[UInt8]] = bytes(["free", "pro", "team", "enterprise"])
    static let cities: [[UInt8]] = bytes([
        "San Francisco", "Zürich", "São Paulo", "東京", "Москва", "Cape Town", "Reykjavík",
    ])
    static let countries: [[UInt8]] = bytes(["US", "CH", "BR", "JP", "RU", "ZA", "IS"])

    static let base62: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    private static func bytes(_ strings: [String]) -> [[UInt8]] {
        strings.map { Array($0.utf8) }
    }
}

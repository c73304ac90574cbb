/// The `t` picker: the model's types filtered fuzzily by what is typed, best first.
public enum TypePicker {
    /// Type names that contain the query's characters in order (case-insensitive), ranked:
    /// a prefix first, then a contiguous match, then the tightest spread, then shortest.
    public static func matches(_ query: String, in names: [String]) -> [String] {
        let q = Array(query.lowercased())
        guard !q.isEmpty else { return names }
        var scored: [(score: Int, name: String)] = []
        for name in names {
            guard let score = score(q, Array(name)) else { continue }
            scored.append((score, name))
        }
        return scored.sorted { ($0.score, $0.name.count, $0.name) < ($1.score, $1.name.count, $1.name) }.map(\.name)
    }

    /// Lower is better; nil when the (lower-cased) query is not a subsequence of the name.
    /// Each query character prefers the next word start (`PC` finds `ProductCategory`).
    static func score(_ query: [Character], _ original: [Character]) -> Int? {
        let name = original.map { Character($0.lowercased()) }
        func isWordStart(_ i: Int) -> Bool {
            i == 0 || original[i].isUppercase || original[i - 1] == "." || original[i - 1] == "_"
        }
        var positions: [Int] = []
        var from = 0
        for c in query {
            guard let any = name[from...].firstIndex(of: c) else { return nil }
            let boundary = (any..<name.count).first { name[$0] == c && isWordStart($0) }
            // Take a word start only when the plain match is not right after the last one.
            let chosen = (positions.last.map { any == $0 + 1 } ?? false) ? any : (boundary ?? any)
            positions.append(chosen)
            from = chosen + 1
        }
        let first = positions[0]
        let spread = positions.last! - first + 1 - query.count
        let isPrefix = name.starts(with: query)
        let boundaries = positions.filter(isWordStart).count
        return (isPrefix ? 0 : 1_000) - boundaries * 100 + spread + first
    }

    /// What Enter in the picker decodes: a type expression typed as such (`[Product]`,
    /// `PageEntity<Song>`, `Product?`), else the highlighted match, else the text.
    public static func choice(for prompt: Prompt, among names: [String]) -> String {
        let text = prompt.text
        if text.contains(where: { "[]<>?:,".contains($0) }) { return text }
        let found = matches(text, in: names)
        guard !found.isEmpty else { return text }
        return found[min(prompt.selection, found.count - 1)]
    }
}

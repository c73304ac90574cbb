/// The `t` picker: the model's types filtered fuzzily by what is typed, best first.
public enum TypePicker {
    /// Type names that contain the query's characters in order (case-insensitive), ranked:
    /// a prefix first, then a contiguous match, then the tightest spread, then shortest.
    public static func matches(_ query: String, in names: [String]) -> [String] {
        let q = Array(query.lowercased())
        guard !q.isEmpty else { return names }
        var scored: [(score: Int, name: String)] = []
        for name in names {
            guard let score = score(q, Array(name.lowercased())) else { continue }
            scored.append((score, name))
        }
        return scored.sorted { ($0.score, $0.name.count, $0.name) < ($1.score, $1.name.count, $1.name) }.map(\.name)
    }

    /// Lower is better; nil when the query is not a subsequence of the name.
    static func score(_ query: [Character], _ name: [Character]) -> Int? {
        var first: Int?
        var last = -1
        var qi = 0
        for (i, c) in name.enumerated() where qi < query.count && c == query[qi] {
            if first == nil { first = i }
            last = i
            qi += 1
        }
        guard qi == query.count, let first else { return nil }
        let spread = last - first + 1 - query.count
        let isPrefix = name.starts(with: query)
        let isContiguous = spread == 0
        return (isPrefix ? 0 : isContiguous ? 1_000 : 2_000) + spread * 10 + first
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

/// How far apart two words are, for every "did you mean" of the tool (keys, types, commands,
/// options, actions): the optimal string alignment distance, that is insertions, deletions,
/// substitutions and adjacent transpositions, each one edit (`nmae` is one edit from `name`,
/// `Prodcut` one from `Product`). The one implementation: its callers differ only in what they
/// compare (case-folded or not) and how near is near enough.
public enum EditDistance {
    public static func between(_ a: String, _ b: String) -> Int { between(Array(a), Array(b)) }

    public static func between(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows: the one before the previous holds what a transposition reaches back to.
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

/// Finds the keys of an object that a mistyped key was probably meant to be.
///
/// Keys compare case-insensitively and without `_`, `-` and spaces (so `lineItems` finds
/// `line_items`), by edit distance with adjacent transpositions counted once (`nmae` is one
/// edit from `name`). Only keys within about a third of the typed key's length qualify,
/// and never one that shares nothing with it (`5` does not suggest `0`).
public enum KeySuggestions {
    /// Up to `limit` keys nearest to `key`, nearest first, then in source order.
    static func near(_ key: String, among keys: [String], limit: Int = 3) -> [String] {
        let wanted = normalized(key)
        let allowed = max(1, min(3, wanted.count / 3))
        var scored: [(distance: Int, order: Int, key: String)] = []
        var seen = Set<String>()
        for (order, candidate) in keys.enumerated() where candidate != key && seen.insert(candidate).inserted {
            let other = normalized(candidate)
            guard abs(other.count - wanted.count) <= allowed else { continue }
            let d = distance(wanted, other)
            if d <= allowed, d < max(wanted.count, other.count) { scored.append((d, order, candidate)) }
        }
        scored.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
        return scored.prefix(limit).map(\.key)
    }

    /// A key as near-miss matching compares it: lower-cased, without `_`, `-` and spaces.
    public static func normalized(_ key: String) -> [Character] {
        Array(key.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions, transpositions.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
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

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
            let d = EditDistance.between(wanted, other)
            if d <= allowed, d < max(wanted.count, other.count) { scored.append((d, order, candidate)) }
        }
        scored.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
        return scored.prefix(limit).map(\.key)
    }

    /// A key as near-miss matching compares it: lower-cased, without `_`, `-` and spaces.
    public static func normalized(_ key: String) -> [Character] {
        Array(key.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }
}

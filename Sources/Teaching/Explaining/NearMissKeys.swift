import DecodingEngine
import JSONTree

/// Payload keys that a missing coding key was probably meant to match.
///
/// Keys are compared as `JSONDecoder` sees them (converted under `.convertFromSnakeCase`):
/// `baseURL` finds `base_url` (seen as `baseUrl`: the same letters, another case), and
/// `followers_count` finds `follower_count` (one edit away once `_` is ignored).
struct NearMissKeys {
    struct Match: Hashable {
        /// The key as written in the payload.
        var raw: String
        /// The key as the decoder compares it (converted under `.convertFromSnakeCase`).
        var seen: String
        /// Edits between the two once case, `_` and `-` are ignored; 0 for a case-only difference.
        var distance: Int
    }

    /// Near misses for `wanted` among an object's keys, nearest first; keys that other coding
    /// keys already match (`taken`) are left out.
    static func find(
        _ wanted: String, among keys: [String], taken: Set<String>,
        strategy: DecodeOptions.KeyStrategy
    ) -> [Match] {
        let target = normalized(wanted)
        let allowed = max(1, min(3, target.count / 4))
        var result: [Match] = []
        for raw in keys {
            let seen = strategy == .convertFromSnakeCase ? SnakeCase.convert(raw) : raw
            guard seen != wanted, !taken.contains(seen) else { continue }
            let other = normalized(seen)
            guard abs(other.count - target.count) <= allowed else { continue }
            let d = EditDistance.between(target, other)
            if d <= allowed && d < max(target.count, other.count) {
                result.append(Match(raw: raw, seen: seen, distance: d))
            }
        }
        return result.sorted { $0.distance < $1.distance }
    }

    static func normalized(_ key: String) -> [Character] { KeySuggestions.normalized(key) }

}

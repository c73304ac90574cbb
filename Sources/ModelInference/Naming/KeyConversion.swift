import Foundation

/// `JSONDecoder`'s `.convertFromSnakeCase`, asked of Foundation itself.
///
/// The keys go through a real decode: an object whose keys are the payload's keys and whose
/// values are their positions is read by a probe type that lists the converted keys it is
/// given. So the names match Foundation's on this platform to the letter, including its
/// handling of leading and trailing underscores and of `capitalized` words (`base_url` →
/// `baseUrl`, never `baseURL`). If the probe cannot run, a copy of Foundation's algorithm answers.
enum KeyConversion {
    static func convertFromSnakeCase(_ keys: [String]) -> [String: String] {
        var out: [String: String] = [:]
        let unique = Array(Set(keys))
        if !unique.isEmpty {
            var object: [String: Int] = [:]
            for (k, key) in unique.enumerated() { object[key] = k }
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            if let data = try? JSONSerialization.data(withJSONObject: object),
                let probe = try? decoder.decode(Probe.self, from: data)
            {
                for (converted, position) in probe.keys where position >= 0 && position < unique.count {
                    out[unique[position]] = converted
                }
            }
        }
        for key in keys where out[key] == nil { out[key] = fallback(key) }
        return out
    }

    /// Reads every (converted) key of an object with its integer value.
    private struct Probe: Decodable {
        var keys: [(String, Int)] = []

        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            for key in container.allKeys {
                keys.append((key.stringValue, try container.decode(Int.self, forKey: key)))
            }
        }
    }

    /// Foundation's algorithm: split at inner underscores, lower-case the first word,
    /// `capitalized` the others, keep leading and trailing underscores; a key without inner
    /// underscores is left as it is.
    static func fallback(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let body = key[first...last]
        let parts = body.split(separator: "_")
        let joined =
            parts.count == 1
            ? String(body)
            : ([parts[0].lowercased()] + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }).joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}

/// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`'s conversion, to find payload keys.
public enum SnakeCase {
    /// `line_items` → `lineItems`; leading and trailing underscores are kept; a key without
    /// inner underscores is left as it is.
    public static func convert(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let body = key[first...last]
        let components = body.split(separator: "_")
        let joined: String
        if components.count == 1 {
            joined = String(body)
        } else {
            joined = ([components[0].lowercased()] + components.dropFirst().map(capitalized)).joined()
        }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// Foundation's `capitalized` for one word: first letter upper-cased, the rest lower-cased.
    private static func capitalized(_ word: Substring) -> String {
        guard let head = word.first else { return "" }
        return String(head).uppercased() + word.dropFirst().lowercased()
    }
}

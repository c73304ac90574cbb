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

    /// Whether `convert` turns the key `raw` (UTF-8) into `wanted`, compared byte by byte
    /// without building strings: the engine asks this for every member of every object it
    /// decodes. Nil when either is not ASCII; the caller then compares `convert`'s result
    /// as strings (Unicode case mapping and canonical equivalence are theirs to apply).
    ///
    /// Example: `_html_URL` against `_htmlUrl`: the leading `_` is kept, the first word is
    /// lower-cased (`html`), each later word capitalized (`Url`).
    static func converted(_ raw: UnsafeBufferPointer<UInt8>, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard isASCII(raw), isASCII(wanted) else { return nil }
        return converted(ascii: raw, equals: wanted)
    }

    /// ``converted(_:equals:)`` for keys already known to be ASCII.
    static func converted(ascii raw: UnsafeBufferPointer<UInt8>, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let underscore = UInt8(ascii: "_")
        guard let first = raw.firstIndex(where: { $0 != underscore }),
            let last = raw.lastIndex(where: { $0 != underscore }),
            raw[first...last].contains(underscore)
        else { return raw.elementsEqual(wanted) }
        var matched = 0
        func emit(_ byte: UInt8) -> Bool {
            guard matched < wanted.count, wanted[matched] == byte else { return false }
            matched += 1
            return true
        }
        for _ in 0..<first where !emit(underscore) { return false }
        var word = 0
        var position = 0
        for byte in raw[first...last] {
            if byte == underscore {
                if position > 0 { word += 1 }
                position = 0
                continue
            }
            guard emit(word > 0 && position == 0 ? upper(byte) : lower(byte)) else { return false }
            position += 1
        }
        for _ in (last + 1)..<raw.count where !emit(underscore) { return false }
        return matched == wanted.count
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}

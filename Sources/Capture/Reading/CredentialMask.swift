/// Hides credentials where a capture is read, before anything can print, copy or keep them:
/// the values of headers named as credentials, and of query parameters named as keys or tokens.
/// A masked value reads `•••` in every output.
public enum CredentialMask {
    /// What a masked value reads.
    public static let mask = "•••"

    /// Header names (lowercased) whose values are credentials.
    static let headerNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "set-cookie2", "x-api-key", "api-key", "x-auth-token",
        "x-access-token", "x-csrf-token", "x-xsrf-token", "x-amz-security-token", "x-goog-api-key",
    ]

    /// Whether a header's value is a credential: by the names above, or any name that says
    /// token, secret, key (as a word), session or password.
    public static func isCredentialHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return headerNames.contains(lower) || isCredentialWord(lower)
    }

    /// Whether a query parameter (or header) name says it carries a credential: `api_key`,
    /// `apiKey`, `access_token`, `token`, `sig`, `password`, `client_secret`, `session`.
    static func isCredentialWord(_ lower: String) -> Bool {
        // Its letters and digits: an ASCII name's bytes (what a `Character`'s properties say of them,
        // without looking them up), any other's by those properties.
        let squeezed =
            lower.utf8.allSatisfy({ $0 < 0x80 })
            ? lower.utf8.filter { isASCIILetterOrDigit($0) } : Array(lower.filter { $0.isLetter || $0.isNumber }.utf8)
        if credentialNames.contains(squeezed) { return true }
        return credentialParts.contains { PlainText.contains($0, in: squeezed) }
    }

    /// Names that are credentials whole (`sig`, `code`), and words that make any name one, as bytes.
    private static let credentialNames = Set(
        ["key", "apikey", "token", "sig", "signature", "password", "passwd", "pwd", "auth", "session", "sessionid", "code"].map {
            Array($0.utf8)
        })
    private static let credentialParts = [
        "token", "secret", "apikey", "password", "credential", "signature", "accesskey", "authorization", "sessionid",
    ].map { Array($0.utf8) }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A header with its value masked when it is a credential.
    static func header(name: String, value: String) -> CaptureHeader {
        CaptureHeader(name: name, value: isCredentialHeader(name) && !value.isEmpty ? mask : value)
    }

    /// The URL with the value of every credential query parameter masked:
    /// `/v1/me?api_key=s3cr3t&page=2` reads `/v1/me?api_key=•••&page=2`. User info
    /// (`https://user:pass@host`) is masked too. Read at its delimiters' bytes (``URLPath``).
    public static func url(_ url: String) -> String {
        let bytes = Array(url.utf8)
        // Without a query or user info there is nothing to mask (most entries).
        guard bytes.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "@") }) else { return url }
        var text = bytes[...]
        var fragment = ArraySlice<UInt8>()
        if let hash = text.firstIndex(of: UInt8(ascii: "#")) {
            fragment = text[hash...]
            text = text[..<hash]
        }
        var head = text
        var query: ArraySlice<UInt8>?
        if let question = text.firstIndex(of: UInt8(ascii: "?")) {
            head = text[..<question]
            query = text[(question + 1)...]
        }
        var result = maskedUserInfo(head)
        if let query {
            let parts = query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { part -> [UInt8] in
                guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else { return Array(part) }
                let name = part[..<equals]
                let decoded = (percentDecoded(name) ?? String(decoding: name, as: UTF8.self)).lowercased()
                return isCredentialWord(decoded) && equals + 1 < part.endIndex ? Array(name) + Array("=\(mask)".utf8) : Array(part)
            }
            result += [UInt8(ascii: "?")] + Array(parts.joined(separator: [UInt8(ascii: "&")]))
        }
        return String(decoding: result + fragment, as: UTF8.self)
    }

    /// `https://user:pass@host/…` with `user:pass` masked.
    private static func maskedUserInfo(_ head: ArraySlice<UInt8>) -> [UInt8] {
        guard let scheme = PlainText.range(of: "://", in: head) else { return Array(head) }
        let authorityEnd = head[scheme.upperBound...].firstIndex(of: UInt8(ascii: "/")) ?? head.endIndex
        let authority = head[scheme.upperBound..<authorityEnd]
        guard let at = authority.lastIndex(of: UInt8(ascii: "@")) else { return Array(head) }
        return Array(head[..<scheme.upperBound]) + Array(mask.utf8) + Array(head[at...])
    }

    /// A query parameter's name percent-decoded without Foundation (the names compared are ASCII
    /// words; `+` is a space); nil when the bytes decoded are not UTF-8.
    private static func percentDecoded(_ name: ArraySlice<UInt8>) -> String? {
        var bytes: [UInt8] = []
        var iterator = name.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

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
        let squeezed = lower.filter { $0.isLetter || $0.isNumber }
        if ["key", "apikey", "token", "sig", "signature", "password", "passwd", "pwd", "auth", "session", "sessionid", "code"]
            .contains(squeezed)
        {
            return true
        }
        return ["token", "secret", "apikey", "password", "credential", "signature", "accesskey", "authorization", "sessionid"]
            .contains { PlainText.contains($0, in: squeezed) }
    }

    /// A header with its value masked when it is a credential.
    static func header(name: String, value: String) -> CaptureHeader {
        CaptureHeader(name: name, value: isCredentialHeader(name) && !value.isEmpty ? mask : value)
    }

    /// The URL with the value of every credential query parameter masked:
    /// `/v1/me?api_key=s3cr3t&page=2` reads `/v1/me?api_key=•••&page=2`. User info
    /// (`https://user:pass@host`) is masked too.
    public static func url(_ url: String) -> String {
        var text = Substring(url)
        var fragment = Substring()
        if let hash = text.firstIndex(of: "#") {
            fragment = text[hash...]
            text = text[..<hash]
        }
        var head = text
        var query: Substring?
        if let question = text.firstIndex(of: "?") {
            head = text[..<question]
            query = text[text.index(after: question)...]
        }
        var result = maskedUserInfo(head)
        if let query {
            let parts = query.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
                guard let equals = part.firstIndex(of: "=") else { return String(part) }
                let name = part[..<equals]
                let decoded = (name.removingPercentEncoding ?? String(name)).lowercased()
                return isCredentialWord(decoded) && part.index(after: equals) < part.endIndex ? "\(name)=\(mask)" : String(part)
            }
            result += "?" + parts.joined(separator: "&")
        }
        return result + fragment
    }

    /// `https://user:pass@host/…` with `user:pass` masked.
    private static func maskedUserInfo(_ head: Substring) -> String {
        guard let scheme = PlainText.range(of: "://", in: head) else { return String(head) }
        let authorityEnd = head[scheme.upperBound...].firstIndex(of: "/") ?? head.endIndex
        let authority = head[scheme.upperBound..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return String(head) }
        return String(head[..<scheme.upperBound]) + mask + String(head[at...])
    }
}

extension Substring {
    fileprivate var removingPercentEncoding: String? { String(self).removingPercentEncodingIfPossible }
}

extension String {
    /// Percent-decoded without Foundation (the names compared are ASCII words).
    fileprivate var removingPercentEncodingIfPossible: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
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

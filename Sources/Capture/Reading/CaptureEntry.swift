/// One recorded response of a capture, as the reader made it: where it is in the capture, the
/// request that asked for it, its status and headers, and its body. Credentials are masked
/// already (``CredentialMask``): nothing read from a capture can print them.
public struct CaptureEntry: Sendable, Hashable, Codable {
    /// The entry's position in the capture, from 0 (a HAR's `log.entries`, a JSON Lines file's
    /// non-empty lines).
    public var index: Int
    /// Where the entry starts in the capture file (1-based line; a JSON Lines entry is its line).
    public var line: Int
    /// The request's method (`GET`); nil for a JSON Lines payload, which records no request.
    public var method: String?
    /// The request's URL, with the values of credential query parameters masked; nil for JSON Lines.
    public var url: String?
    /// The response's status; nil when none is recorded (JSON Lines, or a HAR's `0` for a
    /// request that got no response).
    public var status: Int?
    public var requestHeaders: [CaptureHeader]
    public var responseHeaders: [CaptureHeader]
    /// The response's `mimeType` as recorded (`application/json; charset=utf-8`).
    public var mimeType: String?
    public var body: CaptureBody

    public init(
        index: Int, line: Int, method: String? = nil, url: String? = nil, status: Int? = nil, requestHeaders: [CaptureHeader] = [],
        responseHeaders: [CaptureHeader] = [], mimeType: String? = nil, body: CaptureBody
    ) {
        self.index = index
        self.line = line
        self.method = method
        self.url = url
        self.status = status
        self.requestHeaders = requestHeaders
        self.responseHeaders = responseHeaders
        self.mimeType = mimeType
        self.body = body
    }

    /// The URL's path (`/v1/users/7`), which routes match: no scheme, host, query or fragment.
    public var path: String? { url.map(URLPath.path(of:)) }

    /// Whether the status says the server answered with an error (4xx or 5xx).
    public var isErrorStatus: Bool { status.map { (400..<600).contains($0) } ?? false }
}

/// A header as recorded, its value masked when its name says it is a credential.
public struct CaptureHeader: Sendable, Hashable, Codable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

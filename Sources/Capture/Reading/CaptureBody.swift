/// A recorded response body, as far as a decode is concerned: the bytes the app's `JSONDecoder`
/// would have been given, or why there are none to give it.
public enum CaptureBody: Sendable, Hashable, Codable {
    /// The body's bytes: base64 decoded, or the recorded text encoded in the `mimeType`'s charset.
    case bytes([UInt8])
    /// A body to decode, measured but not made (``Capture/listing(at:)``, for a list): how many
    /// bytes ``bytes(_:)`` would hold.
    case measured(byteCount: Int)
    /// The exporter recorded no body (Chrome's sanitized export, a response still loading, a
    /// capture filtered to headers).
    case notRecorded
    /// The response had no content (a 204, a HEAD, an empty body).
    case empty
    /// The body is not JSON by its `mimeType` (an image, an HTML page).
    case notJSON(mimeType: String)
    /// The recorded text cannot be read as the exporter says it is (base64 that is not).
    case unreadable(String)

    /// How many bytes the body holds, when it is one to decode.
    public var byteCount: Int? {
        switch self {
        case .bytes(let bytes): bytes.count
        case .measured(let count): count
        default: nil
        }
    }

    /// Why an entry with this body is not decoded; nil when it is (``bytes(_:)``).
    public var skipReason: SkipReason? {
        switch self {
        case .bytes, .measured: nil
        case .notRecorded: .noBodyRecorded
        case .empty: .noContent
        case .notJSON(let mime): .notJSON(mimeType: mime)
        case .unreadable(let why): .unreadableBody(why)
        }
    }
}

/// Why an entry of a capture was not decoded.
public enum SkipReason: Sendable, Hashable, Codable {
    case noBodyRecorded
    case noContent
    case notJSON(mimeType: String)
    case unreadableBody(String)
}

/// What is done with one entry of a capture, decided from the entry alone and the routes: decode
/// its body with a rule's type, or say why not. The decode itself is the worker's.
public enum EntryPlan: Sendable, Hashable {
    /// Decode the body with this rule's type, at its key path.
    case decode(RouteRule, body: [UInt8])
    /// The body is not something to decode (none recorded, no content, not JSON).
    case skip(SkipReason)
    /// No rule covers the entry. `errorResponse` when its status is 4xx or 5xx: an error body,
    /// never decoded as the success type (so never reported as that type's `keyNotFound`).
    case unmapped(errorResponse: Bool)

    /// The plan for an entry: a body that cannot be decoded is skipped first (an image is not
    /// unmapped), then the first rule that covers the method, path and status decides.
    /// A listed entry's body (``CaptureBody/measured(byteCount:)``) is planned as its bytes would
    /// be; its plan carries none.
    public init(_ entry: CaptureEntry, routes: RouteTable) {
        if let reason = entry.body.skipReason {
            self = .skip(reason)
            return
        }
        let body: [UInt8] = if case .bytes(let bytes) = entry.body { bytes } else { [] }
        if let rule = routes.rule(for: entry) {
            self = .decode(rule, body: body)
        } else {
            self = .unmapped(errorResponse: entry.isErrorStatus)
        }
    }
}

/// An entry's verdict, as `check` over a capture reports it and a list of entries shows it.
public enum EntryVerdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// The body decodes with its route's type.
    case decodes
    /// It does not: the errors are `check`'s for that body alone.
    case fails
    /// No rule covers it (an error response that no `status` rule covers is one).
    case unmapped
    /// Nothing to decode: no body recorded, no content, not JSON.
    case skipped
}

/// A short, one-line summary of an error response's body: its first characters, white space
/// squeezed, ending in `…` when cut.
public enum BodySummary {
    public static let limit = 80

    public static func of(_ bytes: [UInt8]) -> String {
        var text = ""
        var lastWasSpace = false
        for character in String(decoding: bytes.prefix(limit * 4), as: UTF8.self) {
            if character.isWhitespace {
                if !lastWasSpace, !text.isEmpty { text.append(" ") }
                lastWasSpace = true
            } else {
                text.append(character)
                lastWasSpace = false
            }
            if text.count > limit { break }
        }
        if text.count > limit { return String(text.prefix(limit - 1)) + "…" }
        return text
    }
}

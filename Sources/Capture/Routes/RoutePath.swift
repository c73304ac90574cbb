/// A URL path (`/v1/users/7`) as routes match it: its segments, split at its `/` bytes (a URL's
/// delimiters are bytes, ``URLPath``) once for all the rules an entry is matched against. A
/// trailing slash is not a segment of its own.
public struct RoutePath {
    let segments: [Substring.UTF8View]

    public init(_ path: String) {
        segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
    }
}

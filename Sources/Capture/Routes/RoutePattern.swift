/// A route's URL path pattern: `/v1/users/{id}` (`{name}` and `*` match one segment, `**` any
/// rest, even none). The query is never part of what is matched.
public struct RoutePattern: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Segment: Sendable, Hashable, Codable {
        case literal(String)
        /// `{name}` or `*`: any one segment.
        case one(name: String?)
        /// `**`: the rest of the path, whatever it is (the last segment only).
        case rest
    }

    public var segments: [Segment]
    /// As written in the routes file.
    public var description: String

    /// Whether a URL path matches. A literal segment is compared as text (`é` and `e` with a
    /// combining accent are the same segment).
    public func matches(_ path: RoutePath) -> Bool {
        let parts = path.segments
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest: return true
            case .one: if index >= parts.count { return false }
            case .literal(let text): if index >= parts.count || !Self.same(parts[index], text) { return false }
            }
        }
        return parts.count == segments.count
    }

    /// Whether a path's segment is the literal: byte for byte when both are ASCII, else as text.
    private static func same(_ part: Substring.UTF8View, _ literal: String) -> Bool {
        if part.elementsEqual(literal.utf8) { return true }
        return !(isASCII(part) && isASCII(literal.utf8)) && String(decoding: part, as: UTF8.self) == literal
    }

    private static func isASCII(_ bytes: some Sequence<UInt8>) -> Bool { bytes.allSatisfy { $0 < 0x80 } }
}

/// The statuses a rule covers: codes (`404`) and classes (`4xx`); by default the 2xx class.
public struct StatusSet: Sendable, Hashable, Codable, CustomStringConvertible {
    public var codes: Set<Int>
    /// Hundreds: 4 for `4xx`.
    public var classes: Set<Int>

    public init(codes: Set<Int> = [], classes: Set<Int> = []) {
        self.codes = codes
        self.classes = classes
    }

    /// A rule without `status`: the successful responses.
    public static let success = StatusSet(classes: [2])

    /// Whether a status is covered; an entry without one (no response recorded) is covered by every rule.
    public func contains(_ status: Int?) -> Bool {
        guard let status else { return true }
        return codes.contains(status) || classes.contains(status / 100)
    }

    /// Whether a rule with this set is meant for error responses (it covers a 4xx or 5xx).
    public var coversErrors: Bool { classes.contains { $0 >= 4 } || codes.contains { $0 >= 400 } }

    public var description: String {
        (classes.sorted().map { "\($0)xx" } + codes.sorted().map(String.init)).joined(separator: ",")
    }
}

import JSONTree

/// Why a capture cannot be read: what is wrong, and where in the file. Turned into words in
/// CaptureMessages.swift.
public struct CaptureError: Error, Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// The file is not JSON at all.
        case notJSON(JSONParseError)
        /// A HAR is an object with a `log` object holding an `entries` array.
        case notHAR(found: NodeKind)
        /// A member HAR 1.2 requires is missing: its name and the object it is missing from.
        case missing(member: String, in: String)
        /// A member is of the wrong kind: its name, what HAR 1.2 says it is, what it is.
        case wrongKind(member: String, expected: NodeKind, found: NodeKind)
        /// A status that is not a whole number from 0 to 999.
        case badStatus(String)
        /// The file cannot be read.
        case unreadable(String)
    }

    public var file: String
    public var location: SourceLocation
    public var reason: Reason

    public init(file: String, location: SourceLocation, reason: Reason) {
        self.file = file
        self.location = location
        self.reason = reason
    }
}

/// Why a payload is not JSON at all: a structural error that stops the scan.
///
/// Foundation reports every one of these as "The given data was not valid JSON." with no
/// position; these cases say what is wrong and where, in words a person understands.
public struct JSONParseError: Error, Hashable, Sendable, Codable {
    public enum Reason: Hashable, Sendable, Codable {
        /// The payload holds nothing but whitespace (or nothing at all).
        case emptyInput
        /// The input ended while `expected` was still due; `openedAt` is the innermost
        /// container or string still open, if any.
        case unexpectedEnd(expected: Expectation, openedAt: SourceLocation?)
        /// A character that cannot stand here.
        case unexpectedCharacter(found: String, expected: Expectation)
        /// A string whose closing quote never comes.
        case unterminatedString(startedAt: SourceLocation)
        /// A `/* ...` comment (JSON5) that is never closed.
        case unterminatedComment(startedAt: SourceLocation)
        /// A `\u` or `\x` escape cut short by the closing quote.
        case truncatedEscape(String)
        /// Something after the complete top-level value.
        case trailingContent(found: String)
        /// More than 4 GiB: positions are kept in 32 bits.
        case tooLarge(bytes: Int)
        /// A byte sequence that is not text in the detected encoding.
        case undecodableText(encoding: TextEncoding)
        /// The opening `[` of level `limit + 1` is the last byte of the input: Foundation's
        /// JSON reader traps there instead of throwing.
        case decoderCrashesOnNesting(limit: Int)
    }

    /// What the scanner was looking for when it failed.
    public enum Expectation: Hashable, Sendable, Codable {
        case value
        case commaOrEndOfArray
        case commaOrEndOfObject
        case colon
        case key
        case literal(String)
        case newlineBetweenRecords
        case endOfString
    }

    public var reason: Reason
    public var location: SourceLocation

    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// JSONDecoder traps on this input instead of throwing: an app decoding it crashes.
    public var crashesDecoder: Bool {
        if case .decoderCrashesOnNesting = reason { return true }
        return false
    }
}

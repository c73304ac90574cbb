/// Why a payload is not JSON at all: a structural error that stops the scan.
///
/// Foundation reports every one of these as "The given data was not valid JSON." with no
/// position; these cases say what is wrong and where, in words a person understands.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible, Codable {
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

    /// The explanation, without the position.
    public var message: String {
        switch reason {
        case .emptyInput:
            return "the payload is empty: a JSON value was expected"
        case let .unexpectedEnd(expected, openedAt):
            var text = "unexpected end of input; expected \(expected.phrase)"
            if let openedAt { text += " (the value opened at \(openedAt) is never closed)" }
            return text
        case let .unexpectedCharacter(found, expected):
            return "unexpected \(found); expected \(expected.phrase)"
        case let .unterminatedString(start):
            return "unterminated string: the string that starts at \(start) has no closing quote"
        case let .unterminatedComment(start):
            return "unterminated comment: the /* comment that starts at \(start) is never closed"
        case let .truncatedEscape(text):
            return "unterminated escape sequence \(text): the string ends before its hex digits"
        case let .trailingContent(found):
            return
                "unexpected \(found) after the top-level value; a JSON document holds exactly one value (for one value per line, open it as JSON Lines)"
        case let .tooLarge(bytes):
            return "the payload is \(bytes) bytes; payloads up to 4 GiB are supported"
        case let .undecodableText(encoding):
            return "the payload is not valid \(encoding.name) text"
        case let .decoderCrashesOnNesting(limit):
            return
                "the input ends with the `[` that opens level \(limit + 1) of nesting: an app decoding this with JSONDecoder crashes (Foundation traps here instead of reporting the nesting)"
        }
    }

    public var description: String { "\(location): \(message)" }
}

extension JSONParseError.Expectation {
    /// The expectation in words: "a value", "',' or ']'", ...
    public var phrase: String {
        switch self {
        case .value: "a value (object, array, string, number, true, false or null)"
        case .commaOrEndOfArray: "',' or ']' after an array element"
        case .commaOrEndOfObject: "',' or '}' after an object member"
        case .colon: "':' after the key"
        case .key: "a key in double quotes, or '}'"
        case let .literal(word): "the literal `\(word)`"
        case .newlineBetweenRecords: "a line break between JSON Lines records"
        case .endOfString: "the closing quote"
        }
    }
}

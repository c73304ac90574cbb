/// The JSON layer's errors and diagnostics in the user's words: the one place a new kind of
/// parse error, path error or payload issue gets its text.

extension JSONParseError: CustomStringConvertible {
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

extension NodePath.ParseError: CustomStringConvertible {
    /// What is wrong and where, in words; safe to print on a terminal.
    public var message: String {
        let column = "column \(offset + 1)"
        switch self {
        case .missingKey:
            return "expected a key after '.' at \(column) (write [\"\"] for an empty key)"
        case .unterminatedQuotedKey:
            return "unterminated quoted key starting at \(column)"
        case let .expectedIndexOrQuotedKey(found, _):
            return "expected an index or a quoted key after '[' at \(column), found \(found)"
        case let .negativeIndex(text, _):
            return "negative index \(safe(text)) at \(column): indices count from 0"
        case let .indexTooLarge(text, _):
            return "index \(safe(text)) at \(column) is too large"
        case let .expectedClosingBracket(content, found, _):
            return "expected ']' after \(content == .index ? "index" : "quoted key") at \(column), found \(found)"
        case let .expectedDotOrBracket(found, _):
            return "expected '.' or '[' after ']' at \(column), found \(found)"
        case .unexpectedClosingBracket:
            return "unexpected ']' at \(column) without a matching '['"
        case let .invalidEscape(text, _):
            return
                "invalid escape \(safe(text)) in a quoted key at \(column); JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        case let .unpairedSurrogate(text, _):
            return "unpaired UTF-16 surrogate \(safe(text)) in a quoted key at \(column)"
        case let .invalidPointerEscape(text, _):
            return "invalid escape \(safe(text)) in a JSON Pointer at \(column); write ~0 for '~' and ~1 for '/'"
        }
    }

    public var description: String { message }

    private func safe(_ text: String) -> String { TerminalSafeText.escape(text) }
}

extension NodePath.ResolutionError: CustomStringConvertible {
    /// What is missing and where, in words; safe to print on a terminal.
    public var message: String {
        let here = prefix.description
        switch reason {
        case let .noSuchKey(key, suggestions):
            var text = "\(here) is an object with no key \(Quoted.json(key))"
            if !suggestions.isEmpty {
                text += " (did you mean \(Self.alternatives(suggestions.map(Quoted.json)))?)"
            }
            return text
        case let .indexOutOfRange(n, count):
            if isJSONLinesRoot { return "index \(n) is out of range: the payload has \(Self.count(count, "JSON Lines record"))" }
            return "index \(n) is out of range: \(here) has \(Self.count(count, "element"))"
        case let .keyInArray(key, count):
            let what =
                isJSONLinesRoot
                ? "a JSON Lines payload of \(Self.count(count, "record"))"
                : "an array of \(Self.count(count, "element"))"
            return "\(here) is \(what); it has no key \(Quoted.json(key)) (write an index first, as in \(here)[0])"
        case let .indexInObject(n, hasKey):
            var text = "\(here) is an object; it has no index [\(n)]"
            if hasKey { text += " (for its key \"\(n)\", write \(here)[\"\(n)\"])" }
            return text
        case let .notAContainer(kind, wanted):
            let step =
                switch wanted {
                case let .key(key): "key \(Quoted.json(key))"
                case let .index(n): "element [\(n)]"
                case let .keyOrIndex(n): "key or element \(n)"
                }
            return "\(here) is \(kind.phrase); it has no \(step)"
        }
    }

    public var description: String { message }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    private static func alternatives(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}

extension JSONIssue {
    /// What is wrong, in words.
    public var message: String {
        guard !isUnderRepeatedKey else {
            return kindMessage + " (under a repeated key: JSONDecoder reads only the first value of a key, so it never reads this)"
        }
        return kindMessage
    }

    private var kindMessage: String {
        switch kind {
        case let .unescapedControlCharacter(b):
            return
                "unescaped control character U+\(CharacterDescription.hex(UInt32(b), width: 4)) in a string; write it as an escape (\\n, \\t, \\u\(CharacterDescription.hex(UInt32(b), width: 4)))"
        case .invalidUTF8:
            return "invalid UTF-8 in a string"
        case let .invalidEscape(text):
            return "invalid escape sequence \(text) in a string; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        case let .invalidUnicodeEscape(text):
            return "invalid unicode escape \(text): \\u must be followed by four hex digits"
        case let .loneSurrogate(text):
            return
                "unpaired UTF-16 surrogate \(text) in a string: a high surrogate (\\uD800-\\uDBFF) must be followed by a low one (\\uDC00-\\uDFFF)"
        case .escapedNull:
            return "escaped NUL character in a key"
        case let .invalidNumber(text, reason):
            return "invalid number \(text): \(reason)"
        case let .numberOutOfRange(text):
            return "number \(text) is too large to represent; JSONDecoder rejects it"
        case let .numberCrashesDecoder(text):
            return
                "number \(text): an app decoding this with JSONDecoder crashes (Foundation's JSON5 number reader traps on it instead of throwing)"
        case let .nestingTooDeep(limit):
            return "nesting deeper than \(limit) levels: JSONDecoder rejects the whole document; the level \(limit + 1) opens here"
        case .trailingComma:
            return "trailing comma: RFC 8259 forbids it; Foundation's JSONDecoder accepts it"
        case let .duplicateKey(key, first):
            return "duplicate key \"\(key)\" (first at \(first)); JSONDecoder uses the first value"
        }
    }
}

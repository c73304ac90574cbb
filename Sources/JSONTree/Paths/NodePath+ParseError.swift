extension NodePath {
    /// Why a key path is not one: what is wrong and at which character.
    ///
    /// Offsets count Unicode scalars from the start of the path, from 0; messages name the
    /// 1-based column, as a terminal shows it under the user's input.
    public enum ParseError: Error, Hashable, Sendable {
        /// A `.` with no key after it: `a..b`, `a.`.
        case missingKey(at: Int)
        /// A `"` or `'` whose closing quote never comes.
        case unterminatedQuotedKey(startingAt: Int)
        /// A `[` followed by something other than a number or a quoted key: `[abc]`, `[]`.
        case expectedIndexOrQuotedKey(found: String, at: Int)
        /// A `[-1]`: indices count from 0 and do not wrap.
        case negativeIndex(String, at: Int)
        /// An index too large for `Int`.
        case indexTooLarge(String, at: Int)
        /// A bracketed index or quoted key not closed by `]`.
        case expectedClosingBracket(after: BracketContent, found: String, at: Int)
        /// Something other than `.`, `[` or the end after a `]`.
        case expectedDotOrBracket(found: String, at: Int)
        /// A `]` inside a key written after a dot.
        case unexpectedClosingBracket(at: Int)
        /// A backslash in a quoted key that starts no JSON escape, or a `\u` without four hex digits.
        case invalidEscape(String, at: Int)
        /// A `\uD800`-style UTF-16 surrogate without its other half.
        case unpairedSurrogate(String, at: Int)
        /// A `~` in a JSON Pointer not followed by `0` or `1`.
        case invalidPointerEscape(String, at: Int)

        /// What a `]` was expected after.
        public enum BracketContent: Hashable, Sendable {
            case index
            case quotedKey
        }

        /// Where the problem is: Unicode scalars from the start of the path, from 0.
        public var offset: Int {
            switch self {
            case let .missingKey(at), let .unterminatedQuotedKey(at), let .expectedIndexOrQuotedKey(_, at),
                let .negativeIndex(_, at), let .indexTooLarge(_, at), let .expectedClosingBracket(_, _, at),
                let .expectedDotOrBracket(_, at), let .unexpectedClosingBracket(at), let .invalidEscape(_, at),
                let .unpairedSurrogate(_, at), let .invalidPointerEscape(_, at):
                at
            }
        }
    }
}

extension NodePath.ParseError {
    /// Names the scalar at `offset` of a path for a message: `'x'`, `space`, `end of path`.
    static func describe(_ scalars: [Unicode.Scalar], at offset: Int) -> String {
        guard offset < scalars.count else { return "end of path" }
        let s = scalars[offset]
        if s == " " { return "space" }
        if TerminalSafeText.isUnsafe(s) || s.properties.generalCategory == .spaceSeparator
            || s.properties.generalCategory == .format
        {
            return "U+\(CharacterDescription.hex(s.value, width: 4))"
        }
        return "'\(Character(s))'"
    }
}

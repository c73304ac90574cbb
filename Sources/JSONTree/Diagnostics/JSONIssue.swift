/// Something the scan noticed that does not stop it: a value Foundation rejects only when
/// it is read, a leniency of Foundation's beyond RFC 8259, or a duplicate key.
///
/// Foundation checks string contents and number syntax lazily: a model that never reads a
/// bad value still decodes. So these never stop the tree from being built; `validate` (the
/// full-read verdict) fails on any issue whose severity is `.error`.
public struct JSONIssue: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable { case error, warning }

    public enum Kind: Hashable, Sendable {
        /// A raw control character inside a string (must be escaped).
        case unescapedControlCharacter(UInt8)
        /// Bytes inside a string that are not UTF-8.
        case invalidUTF8
        /// A backslash followed by a character that is no escape.
        case invalidEscape(String)
        /// `\u` not followed by four hex digits.
        case invalidUnicodeEscape(String)
        /// A `\uD800`-style high surrogate without its low half, or a lone low half.
        case loneSurrogate(String)
        /// `\u0000` or `\x00` where JSON5 keys forbid it.
        case escapedNull
        /// A number token that breaks the JSON (or JSON5) number grammar.
        case invalidNumber(String, reason: String)
        /// A number too large for any Swift floating-point type (`1e400`).
        case numberOutOfRange(String)
        /// A JSON5 number on which Foundation's reader stops at a precondition (`9e+`,
        /// `-0x8000000000000001`): the app decoding it crashes instead of throwing.
        case numberCrashesDecoder(String)
        /// The 513th level of nesting: JSONDecoder refuses the whole document.
        case nestingTooDeep(limit: Int)
        /// A comma before `]` or `}`: RFC 8259 forbids it, Foundation accepts it.
        case trailingComma
        /// A key that appears earlier in the same object; JSONDecoder uses the first.
        case duplicateKey(String, first: SourceLocation)
    }

    public var kind: Kind
    /// The node the issue is about (for key issues, the member whose key it is).
    public var node: NodeID
    /// Whether the issue lies in the node's key rather than its value.
    public var inKey: Bool
    public var location: SourceLocation
    /// The issue lies in a value JSONDecoder never reads: under a key that repeats an
    /// earlier key of its object (JSONDecoder uses the first), so it is only a warning.
    public var isUnderRepeatedKey = false

    /// JSONDecoder traps on this value instead of throwing: an app that reads it crashes.
    public var crashesDecoder: Bool {
        guard severity == .error, case .numberCrashesDecoder = kind else { return false }
        return true
    }

    public var severity: Severity {
        if isUnderRepeatedKey { return .warning }
        switch kind {
        case .trailingComma, .duplicateKey: return .warning
        default: return .error
        }
    }
}

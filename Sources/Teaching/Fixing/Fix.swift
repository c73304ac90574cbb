import DecodingEngine

/// A change to the model (and possibly to the decoder) that removes an error, verified
/// before it is offered.
public struct Fix: Sendable, Hashable, Codable {
    /// Which entry of the catalogue the fix comes from.
    public enum Kind: String, Sendable, Hashable, Codable {
        case makeOptional, mapCodingKey, convertFromSnakeCase, changeType, losslessValue, dateStrategy
        case emptyAsNil, unknownCase, lossyArray, typeFieldEnum, decodeAtPath, genericArgument
        /// Compiled mode, edits of a hand-written `init(from:)` at the call that threw: `decode` to
        /// `decodeIfPresent` (the property made optional), a default (`?? value`), a wider type.
        case decodeIfPresentAtCall, defaultAtCall, widerTypeAtCall
    }

    public var kind: Kind
    /// One line: ``Make `description` optional``.
    public var title: String
    /// What the change does and what it costs, in plain words.
    public var detail: String
    /// Edits to model files; each has its unified diff. Helper types the fix needs (a property
    /// wrapper) are appended to the file in full, so the diff shows them and the file compiles.
    public var changes: [FileChange]
    /// A `JSONDecoder` setting the fix needs.
    public var decoderSetting: DecoderSetting?
    /// The decode call to write instead, when the fix decodes another type or another node.
    public var decodeCall: DecodeCall?
    /// How the fix was checked, and what remains.
    public var verdict: Verdict
    /// What the fix costs on this payload (which values the app no longer sees as sent); it
    /// decides the fix's place among the others (``ranksBefore(_:)``).
    public var cost: FixCost

    public init(
        kind: Kind, title: String, detail: String, changes: [FileChange], decoderSetting: DecoderSetting? = nil,
        decodeCall: DecodeCall? = nil, verdict: Verdict, cost: FixCost = .keepsEveryValue
    ) {
        self.kind = kind
        self.title = title
        self.detail = detail
        self.changes = changes
        self.decoderSetting = decoderSetting
        self.decodeCall = decodeCall
        self.verdict = verdict
        self.cost = cost
    }

    /// Whether two fixes make the same change (they may be offered for several errors).
    func sameChange(as other: Fix) -> Bool {
        changes.map(\.edited) == other.changes.map(\.edited) && changes.map(\.path) == other.changes.map(\.path)
            && decoderSetting == other.decoderSetting && decodeCall == other.decodeCall
    }
}

/// A `JSONDecoder` setting: as Swift, and as `check` flags when `check` has one for it.
public struct DecoderSetting: Sendable, Hashable, Codable {
    /// `decoder.dateDecodingStrategy = .iso8601` (several lines for a `.custom` strategy).
    public var swift: String
    /// `["--date-strategy", "iso8601"]`; nil when no flag expresses it (a `.custom` strategy).
    public var flags: [String]?

    public init(swift: String, flags: [String]?) {
        self.swift = swift
        self.flags = flags
    }
}

/// The decode call a fix asks for: another type (`LossyArray<CartItem>`) or another node.
public struct DecodeCall: Sendable, Hashable, Codable {
    /// Swift that does it, e.g. the nested-container walk to `results`.
    public var swift: String
    /// The type expression to pass to `check --type`, when it changes and `check` can decode it.
    public var typeExpression: String?
    /// The key path to pass to `check --path`, when it changes.
    public var path: String?

    public init(swift: String, typeExpression: String? = nil, path: String? = nil) {
        self.swift = swift
        self.typeExpression = typeExpression
        self.path = path
    }
}

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

extension Array where Element == Fix {
    /// The position of `fix` in the list: of the fix already there that makes the same change, or
    /// of `fix` appended (a report lists each change once, numbered, for every error it serves).
    mutating func number(of fix: Fix) -> Int {
        if let known = firstIndex(where: { $0.sameChange(as: fix) }) { return known }
        append(fix)
        return count - 1
    }
}

/// A `JSONDecoder` setting a fix needs, typed: the strategies it sets. Turned into Swift here
/// (``swift``) and into `check`'s flags only at the command line's edge; the explorer and
/// `fix --apply` apply it to their ``DecodeOptions`` (``applied(to:)``), never reading text back.
public struct DecoderSetting: Sendable, Hashable, Codable {
    /// One strategy of the decoder.
    public enum Strategy: Sendable, Hashable, Codable {
        case keys(DecodeOptions.KeyStrategy)
        case dates(DecodeOptions.DateStrategy)
        /// A `.custom` date strategy trying these formats in order (nil: ISO 8601); no flag or
        /// ``DecodeOptions`` expresses it.
        case customDates([String?])

        /// The decoder's property the strategy sets.
        public enum Property: String, Sendable, Hashable, Codable {
            case keyDecodingStrategy, dateDecodingStrategy
        }

        public var property: Property {
            switch self {
            case .keys: .keyDecodingStrategy
            case .dates, .customDates: .dateDecodingStrategy
            }
        }

        /// `decoder.keyDecodingStrategy = .convertFromSnakeCase`; a formatter's lines come before
        /// its `decoder.dateDecodingStrategy = .formatted(formatter)`.
        public var swift: String {
            switch self {
            case .keys(let keys): "decoder.keyDecodingStrategy = .\(keys.rawValue)"
            case .dates(let dates): DateFormats.swift(for: dates)
            case .customDates(let formats): DateFormats.customStrategy(formats)
            }
        }
    }

    public var strategies: [Strategy]

    public init(_ strategies: [Strategy]) {
        self.strategies = strategies
    }

    public init(_ strategy: Strategy) {
        self.strategies = [strategy]
    }

    /// The Swift that sets it on a `JSONDecoder` named `decoder`, a strategy a line (or a few).
    public var swift: String { strategies.map(\.swift).joined(separator: "\n") }

    /// The options with these strategies; nil when one has no ``DecodeOptions`` form (a `.custom` date strategy).
    public func applied(to options: DecodeOptions) -> DecodeOptions? {
        var options = options
        for strategy in strategies {
            switch strategy {
            case .keys(let keys): options.keys = keys
            case .dates(let dates): options.dates = dates
            case .customDates: return nil
            }
        }
        return options
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

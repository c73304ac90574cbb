import JSONTree

/// The outcome of decoding one type at one node: Foundation's verdict, located.
public struct DecodeReport: Sendable, Hashable, Codable {
    public var ok: Bool { errors.isEmpty && failure == nil }
    /// The error `JSONDecoder` throws (empty when the value decoded); in all-errors mode,
    /// every independent error in decode order, that one first.
    public var errors: [LocatedDecodingError]
    public var value: DecodedValue?
    /// Where and why the payload is not JSON, when it is not.
    public var parseError: JSONParseError?
    /// The engine could not run (a type the schema cannot decode); not a verdict about the payload.
    public var failure: EngineError?
    /// What the decode did with each node it reached: read, ignored, or failed.
    public var nodeStatus = NodeStatusTable()
    /// Per object node, the required keys it lacks, in the order the model asks for them.
    public var missingKeys: [NodeID: [MissingKey]] = [:]
    /// What type each node was decoded as and which property read it, when the options asked
    /// (``DecodeOptions/recordsNodeTypes``, or a traced decode); empty otherwise.
    public var nodeTypes = NodeTypes()
    /// The container calls made, in order, when `DecodeOptions.tracesCalls` is set.
    public var trace: [TraceEntry] = []
    /// What the model's own code printed while it decoded (compiled mode), when it printed anything.
    public var modelOutput: ModelOutput?
    /// The key strategy the decode really used, when it is not the options' (compiled mode with the
    /// app's own decoder, `--decoder`): what maps the payload's keys to the coding path's since.
    public var decoderKeys: DecodeOptions.KeyStrategy?
    /// The errors the model's own code caught, in the order they were thrown (compiled mode): the
    /// decode went on without them.
    public var caught: [CaughtError] = []
    /// The keys the payload sends that the model never reads, by type, when the job asked
    /// (``DecodeOptions/listsUnreadKeys``).
    public var unreadKeys: [UnreadKey] = []
    /// Compiled `--all-errors`: how the errors after the first were found (nil otherwise).
    public var allErrorsSearch: AllErrorsSearch?
}

/// Why the engine could not decode at all.
public enum EngineError: Error, Sendable, Hashable, Codable {
    case typeNotDecodable(String)
    /// A type whose decoding is code the schema engine cannot run (a hand-written `init(from:)`, a property
    /// wrapper, a container overload): the reason names the construct and its location.
    case typeNotInterpretable(type: String, reason: String)
    case pathDoesNotMatchPayload(String)
    case unexpected(String)
}

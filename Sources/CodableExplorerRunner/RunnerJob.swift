import Foundation

/// What a compiled-mode runner is asked to do, sent by the worker on the runner's channel
/// (``RunnerChannel``). Declared once, here: the worker encodes it and the runner, built from
/// this same source against the user's model, decodes it.
///
/// Only the type expressions and the decoder expression are compiled into a runner; the payload,
/// the path and the strategies come with each job, so changing them never recompiles.
public struct RunnerJob: Codable, Sendable, Hashable {
    /// One step of a key path: a key (with its `.convertFromSnakeCase` spelling) or an index.
    public struct Step: Codable, Sendable, Hashable {
        public var key: String?
        /// The key as `.convertFromSnakeCase` presents it, used when the decoder converts keys.
        public var convertedKey: String?
        public var index: Int?

        public init(key: String? = nil, convertedKey: String? = nil, index: Int? = nil) {
            self.key = key
            self.convertedKey = convertedKey
            self.index = index
        }

        /// The step as the decoder sees its key (converted when the decoder converts keys).
        func codingKey(snakeCase: Bool) -> Step {
            var copy = self
            if snakeCase, let converted = convertedKey { copy.key = converted }
            return copy
        }
    }

    /// The position of the type expression to decode among the runner's (one compile serves several).
    public var type: Int
    /// The payload file.
    public var payload: String
    public var steps: [Step]
    public var options: RunnerOptions
    public var wantsValue: Bool
    /// Decode through the tracing decoder and send the container calls back.
    public var trace: Bool
    /// Decode the type at each of these paths instead, one reply each (all-errors mode).
    public var batch: [[Step]]?
    /// Send the value as check-output.md's JSON text, in a frame of its own after the reply.
    public var valueAsJSON: Bool
    /// With ``trace``: after this many seconds the runner stops and says which container call its
    /// decode made last (the parent ends it a moment later in any case).
    public var timeLimit: Double?
    /// A secret of this run that the runner's reply must carry (``RunnerChannel/makeNonce()``): a
    /// frame the model's own code wrote on the channel does not have it, and is not believed.
    public var nonce: String?
    /// The runner stays after its reply and reads the next job on its channel (one runner for every
    /// entry of a capture); it marks the end of each job's output (``RunnerChannel/outputMark(nonce:)``).
    public var session = false
    /// Screen the bodies of the payload file instead, this many (a capture's entries, laid out as
    /// ``ScreenFile`` says): each decoded plainly at ``steps``, untraced, and answered by a
    /// ``ScreenVerdict`` only, all in one reply (``RunnerReply/screened``). Only a body that decodes
    /// needs nothing more; the others are checked again one by one, as `check` checks a payload.
    public var screen: Int?

    public init(
        type: Int, payload: String, steps: [Step] = [], options: RunnerOptions = RunnerOptions(), wantsValue: Bool = false,
        trace: Bool = false, batch: [[Step]]? = nil, valueAsJSON: Bool = false, timeLimit: Double? = nil, nonce: String? = nil
    ) {
        self.nonce = nonce
        self.type = type
        self.payload = payload
        self.steps = steps
        self.options = options
        self.wantsValue = wantsValue
        self.trace = trace
        self.batch = batch
        self.valueAsJSON = valueAsJSON
        self.timeLimit = timeLimit
    }
}

/// The decoder's strategies, typed: the worker sets them from the user's options, the runner
/// makes its `JSONDecoder` from them (unless the app's own decoder expression is compiled in).
public struct RunnerOptions: Codable, Sendable, Hashable {
    public enum Keys: String, Codable, Sendable { case useDefaultKeys, convertFromSnakeCase }
    /// `JSONDecoder`'s date strategies (what the tool knows of each: RunnerOptions+Dates.swift).
    public enum Dates: Codable, Sendable, Hashable {
        case deferredToDate, iso8601, secondsSince1970, millisecondsSince1970
        case formatted(String)
    }
    public enum DataStrategy: String, Codable, Sendable { case base64, deferredToData }
    /// `.convertFromString` spellings of the non-conforming floats.
    public struct Floats: Codable, Sendable, Hashable {
        public var positiveInfinity: String
        public var negativeInfinity: String
        public var nan: String

        public init(positiveInfinity: String, negativeInfinity: String, nan: String) {
            self.positiveInfinity = positiveInfinity
            self.negativeInfinity = negativeInfinity
            self.nan = nan
        }
    }

    public var keys: Keys
    public var dates: Dates
    public var data: DataStrategy
    /// Nil: `.throw`.
    public var floats: Floats?
    public var json5: Bool

    public init(
        keys: Keys = .useDefaultKeys, dates: Dates = .deferredToDate, data: DataStrategy = .base64, floats: Floats? = nil,
        json5: Bool = false
    ) {
        self.keys = keys
        self.dates = dates
        self.data = data
        self.floats = floats
        self.json5 = json5
    }

    /// Foundation's decoder with these strategies.
    public func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        if keys == .convertFromSnakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        decoder.dateDecodingStrategy = dates.foundationStrategy
        decoder.dataDecodingStrategy = data == .deferredToData ? .deferredToData : .base64
        if let floats {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: floats.positiveInfinity, negativeInfinity: floats.negativeInfinity, nan: floats.nan)
        }
        decoder.allowsJSON5 = json5
        return decoder
    }
}

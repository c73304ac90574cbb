import DecodeWorker
import DecodingEngine

/// The JSONDecoder strategies as the command line (or a scenario) spells them: `--key-strategy
/// snake-case`, `--date-strategy iso8601`, … read into ``DecodeOptions`` here, once.
public struct StrategyWords: Sendable {
    public var keyStrategy: String
    public var dateStrategy: String
    public var dataStrategy: String
    public var floatStrategy: String
    public var json5: Bool

    public init(
        keyStrategy: String = "default", dateStrategy: String = "deferred", dataStrategy: String = "base64",
        floatStrategy: String = "throw", json5: Bool = false
    ) {
        self.keyStrategy = keyStrategy
        self.dateStrategy = dateStrategy
        self.dataStrategy = dataStrategy
        self.floatStrategy = floatStrategy
        self.json5 = json5
    }

    /// Whether any strategy differs from JSONDecoder's defaults.
    public var isCustomized: Bool {
        keyStrategy != "default" || dateStrategy != "deferred" || dataStrategy != "base64" || floatStrategy != "throw" || json5
    }

    /// The options, or which word is not understood.
    public func decodeOptions() throws(CommandFailure) -> DecodeOptions {
        var options = DecodeOptions(allowsJSON5: json5)
        switch keyStrategy {
        case "default": options.keys = .useDefaultKeys
        case "snake-case": options.keys = .convertFromSnakeCase
        default: throw .strategy("--key-strategy must be default or snake-case, not \(keyStrategy)")
        }
        guard let dates = DecodeOptions.DateStrategy(flagWord: dateStrategy) else {
            let words = DecodeOptions.DateStrategy.flagWords
            throw .strategy(
                "--date-strategy must be \(words.dropLast().joined(separator: ", ")) or \(words.last ?? ""), not \(dateStrategy)")
        }
        options.dates = dates
        switch dataStrategy {
        case "base64": options.data = .base64
        case "deferred": options.data = .deferredToData
        default: throw .strategy("--data-strategy must be base64 or deferred, not \(dataStrategy)")
        }
        if floatStrategy == "throw" {
            options.floats = .throw
        } else if floatStrategy.hasPrefix("convert:") {
            let parts = floatStrategy.dropFirst("convert:".count).split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
                throw .strategy("--float-strategy convert: takes three strings, POS_INF,NEG_INF,NAN")
            }
            options.floats = .convertFromString(
                positiveInfinity: String(parts[0]), negativeInfinity: String(parts[1]), nan: String(parts[2]))
        } else {
            throw .strategy("--float-strategy must be throw or convert:POS_INF,NEG_INF,NAN, not \(floatStrategy)")
        }
        return options
    }

    /// Why the app's decoder (given, or a scenario's) cannot run with `mode` and these strategies:
    /// it needs compiled mode, and it sets its own strategies. Nil when it can.
    public func refusal(ofDecoder decoder: String?, mode: DecodeJob.Mode) -> CommandFailure? {
        guard decoder != nil else { return nil }
        if mode == .schema { return .decoderNeedsCompiledMode }
        if isCustomized { return .decoderWithStrategyFlags }
        return nil
    }
}

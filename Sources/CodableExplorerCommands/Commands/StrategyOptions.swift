import ArgumentParser
import DecodingEngine
import Teaching

/// The JSONDecoder strategies, as `check` and the explorer take them on the command line.
struct StrategyOptions: ParsableArguments {
    @Option(name: .customLong("key-strategy"), help: "default | snake-case")
    var keyStrategy: String = "default"

    @Option(name: .customLong("date-strategy"), help: ArgumentHelp(DecodeOptions.DateStrategy.flagWords.joined(separator: " | ")))
    var dateStrategy: String = "deferred"

    @Option(name: .customLong("data-strategy"), help: "base64 | deferred")
    var dataStrategy: String = "base64"

    @Option(name: .customLong("float-strategy"), help: "throw | convert:POS_INF,NEG_INF,NAN")
    var floatStrategy: String = "throw"

    @Flag(help: "Read JSON5 (allowsJSON5 = true).")
    var json5 = false

    /// Whether any strategy flag differs from JSONDecoder's defaults.
    var isCustomized: Bool {
        keyStrategy != "default" || dateStrategy != "deferred" || dataStrategy != "base64" || floatStrategy != "throw" || json5
    }

    /// The options, or a one-line reason why a flag's value is not understood.
    func decodeOptions() throws(ValidationError) -> DecodeOptions {
        var options = DecodeOptions(allowsJSON5: json5)
        switch keyStrategy {
        case "default": options.keys = .useDefaultKeys
        case "snake-case": options.keys = .convertFromSnakeCase
        default: throw ValidationError("--key-strategy must be default or snake-case, not \(keyStrategy)")
        }
        guard let dates = DecodeOptions.DateStrategy(flagWord: dateStrategy) else {
            let words = DecodeOptions.DateStrategy.flagWords
            throw ValidationError(
                "--date-strategy must be \(words.dropLast().joined(separator: ", ")) or \(words.last ?? ""), not \(dateStrategy)")
        }
        options.dates = dates
        switch dataStrategy {
        case "base64": options.data = .base64
        case "deferred": options.data = .deferredToData
        default: throw ValidationError("--data-strategy must be base64 or deferred, not \(dataStrategy)")
        }
        if floatStrategy == "throw" {
            options.floats = .throw
        } else if floatStrategy.hasPrefix("convert:") {
            let parts = floatStrategy.dropFirst("convert:".count).split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
                throw ValidationError("--float-strategy convert: takes three strings, POS_INF,NEG_INF,NAN")
            }
            options.floats = .convertFromString(
                positiveInfinity: String(parts[0]), negativeInfinity: String(parts[1]), nan: String(parts[2]))
        } else {
            throw ValidationError("--float-strategy must be throw or convert:POS_INF,NEG_INF,NAN, not \(floatStrategy)")
        }
        return options
    }
}

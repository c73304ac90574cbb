import ArgumentParser
import CommandRuns
import DecodingEngine

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

    /// The flags' words, read into decode options by CommandRuns.
    var words: StrategyWords {
        StrategyWords(
            keyStrategy: keyStrategy, dateStrategy: dateStrategy, dataStrategy: dataStrategy, floatStrategy: floatStrategy, json5: json5)
    }

    /// Whether any strategy flag differs from JSONDecoder's defaults.
    var isCustomized: Bool { words.isCustomized }
}

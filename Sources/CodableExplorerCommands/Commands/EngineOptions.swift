import ArgumentParser
import CommandRuns
import DecodeWorker

/// Which way decides, for `check` and the explorer alike: `--mode`, and `--decoder` (the app's
/// own configured `JSONDecoder`, run in compiled mode).
struct EngineOptions: ParsableArguments {
    @Option(help: "auto (the schema engine where it is exact, else your own code compiled with swiftc) | schema | compiled")
    var mode: DecodeJob.Mode = .auto

    @Option(help: "A Swift expression from your model sources that yields your app's JSONDecoder, e.g. 'makeDecoder()' (compiled mode).")
    var decoder: String?

    /// The words that give these options again (`check`'s hint for `fix … --apply N`).
    var words: [String] {
        (decoder.map { ["--decoder", $0] } ?? []) + (mode != .auto ? ["--mode", mode.rawValue] : [])
    }

    /// Why the app's decoder `decoder` (given, or a scenario's) cannot run with these options and
    /// strategy flags: it needs compiled mode, and it sets its own strategies. Nil when it can.
    func refusal(decoder: String?, strategies: StrategyOptions) -> CommandFailure? {
        guard decoder != nil else { return nil }
        if mode == .schema { return .decoderNeedsCompiledMode }
        if strategies.isCustomized { return .decoderWithStrategyFlags }
        return nil
    }
}

extension DecodeJob.Mode: ExpressibleByArgument {}

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
}

extension DecodeJob.Mode: ExpressibleByArgument {}

import CodableExplorerRunner
import Foundation

// The runner's messages are declared once, in the CodableExplorerRunner library that the runner is
// built from; these are the engine's readings of them.

extension RunnerOptions {
    /// The runner's strategies for the user's options (the engine's own, and not a `JSONDecoder`
    /// setting, stay here: all-errors mode and tracing).
    init(_ options: DecodeOptions) {
        var floats: Floats?
        if case .convertFromString(let p, let n, let nan) = options.floats {
            floats = Floats(positiveInfinity: p, negativeInfinity: n, nan: nan)
        }
        self.init(keys: options.keys, dates: options.dates, data: options.data, floats: floats, json5: options.allowsJSON5)
    }
}

extension LocatedDecodingError.Kind {
    init(_ kind: RunnerReply.Failure.Kind) {
        switch kind {
        case .keyNotFound: self = .keyNotFound
        case .typeMismatch: self = .typeMismatch
        case .valueNotFound: self = .valueNotFound
        case .dataCorrupted: self = .dataCorrupted
        case .other: self = .other
        }
    }
}

/// How long a compiled decode may run: `--timeout`, else a default that grows with the payload, so a
/// valid 100 MB payload never reaches it (it decodes in seconds) while a loop in small payload's
/// decode is stopped in half a minute.
public enum TimeLimit {
    public static func standard(payloadBytes: Int) -> Double {
        30 + Double(payloadBytes) / 1_000_000
    }

    /// `30 s`, `2.5 s`.
    public static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\((seconds * 10).rounded() / 10) s"
    }
}

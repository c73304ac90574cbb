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

extension RunnerValue {
    /// The value as the explorer shows it.
    var decodedValue: DecodedValue {
        func fields(_ list: [Field]) -> [DecodedValue.Field] { list.map { DecodedValue.Field($0.name, $0.value.decodedValue) } }
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .signed(let i): return .signed(i)
        case .unsigned(let u): return .unsigned(u)
        case .floating(let d, let description): return .floating(d, description: description)
        case .decimal(let text): return Decimal(string: text).map { .decimal($0) } ?? .string(text)
        case .date(let seconds): return .date(Date(timeIntervalSince1970: seconds))
        case .data(let base64): return Data(base64Encoded: base64).map { .data($0) } ?? .string(base64)
        case .url(let text): return URL(string: text).map { .url($0) } ?? .string(text)
        case .uuid(let text): return UUID(uuidString: text).map { .uuid($0) } ?? .string(text)
        case .array(let items): return .array(items.map(\.decodedValue))
        case .dictionary(let list): return .dictionary(fields(list))
        case .object(let type, let list): return .object(type: type, fields(list))
        case .rawValueCase(let name, let raw): return .rawValueCase(name: name, rawValue: raw.decodedValue)
        case .enumCase(let name, let list): return .enumCase(name: name, values: fields(list))
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

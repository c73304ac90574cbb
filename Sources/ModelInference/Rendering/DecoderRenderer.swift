import CodableExplorerRunner
import JSONTree

/// Prints `func makeDecoder() -> JSONDecoder`, set up for the key and date strategies the
/// models rely on (always printed, so `try makeDecoder().decode(Root.self, from: data)` works
/// whatever was inferred).
struct DecoderRenderer {
    let keyStrategy: InferenceOptions.KeyStrategy
    let dateStrategy: DateStrategy

    func lines(isStatic: Bool) -> [String] {
        var body = ["let decoder = JSONDecoder()"]
        if keyStrategy == .convertFromSnakeCase {
            body.append("decoder.keyDecodingStrategy = .convertFromSnakeCase")
        }
        switch dateStrategy {
        case .none:
            break
        case let .strategy(strategy):
            if let pattern = strategy.format {
                body += DateFormatting.setupLines("formatter", pattern: Quoted.swift(pattern, asciiOnly: true))
            }
            body.append("decoder.dateDecodingStrategy = " + strategy.swiftValue { _ in "formatter" })
        case let .patterns(patterns):
            body += patternsStrategy(patterns)
        }
        body.append("return decoder")
        return [
            "/// A JSONDecoder set up as these models expect.",
            (isStatic ? "static " : "") + "func makeDecoder() -> JSONDecoder {",
        ] + body.map { $0.isEmpty ? "" : "    " + $0 } + ["}"]
    }

    /// A `.custom` strategy that tries each pattern in turn.
    private func patternsStrategy(_ patterns: [String]) -> [String] {
        var lines = [
            "// The payload writes its dates in \(patterns.count) formats; each date is tried with them in turn.",
            "// DateFormatter parses safely from any thread but is not Sendable on every platform.",
            "final class DateFormats: @unchecked Sendable {",
            "    let formatters: [DateFormatter]",
            "",
            "    init(_ patterns: [String]) {",
            "        formatters = patterns.map { pattern in",
        ]
        lines += DateFormatting.setupLines("formatter", pattern: "pattern").map { "            " + $0 }
        lines += [
            "            return formatter",
            "        }",
            "    }",
            "}",
            "let formats = DateFormats([",
        ]
        lines += patterns.map { "    " + Quoted.swift($0, asciiOnly: true) + "," }
        lines += [
            "])",
            "decoder.dateDecodingStrategy = .custom { decoder in",
            "    let container = try decoder.singleValueContainer()",
            "    let text = try container.decode(String.self)",
            "    for formatter in formats.formatters {",
            "        if let date = formatter.date(from: text) { return date }",
            "    }",
            "    throw DecodingError.dataCorruptedError(in: container, debugDescription: \"Date string \\(text) matches none of the expected formats.\")",
            "}",
        ]
        return lines
    }
}

import DecodingEngine
import Testing

@testable import Teaching

/// Decoder settings merged by `fix --apply N,M`: typed strategies, each once, two that set the
/// same property of the decoder differently refused; the merged setting applied to the options
/// the decode runs with (never parsed back from flag text).
@Suite struct FixMergeSettingTests {
    static func fix(_ strategies: DecoderSetting.Strategy...) -> Fix {
        Fix(
            kind: .dateStrategy, title: "t", detail: "d", changes: [], decoderSetting: DecoderSetting(strategies),
            verdict: .removesError(remaining: 1, .redecoded))
    }

    @Test func aKeyAndADateStrategyAreBothSetAndApplied() throws {
        let merged = try FixMerge.merge([
            (1, Self.fix(.keys(.convertFromSnakeCase))), (2, Self.fix(.dates(.iso8601))), (3, Self.fix(.keys(.convertFromSnakeCase))),
        ])
        #expect(merged.decoderSetting?.strategies == [.keys(.convertFromSnakeCase), .dates(.iso8601)])
        #expect(
            merged.decoderSetting?.swift
                == "decoder.keyDecodingStrategy = .convertFromSnakeCase\ndecoder.dateDecodingStrategy = .iso8601")
        let options = try #require(merged.decoderSetting?.applied(to: DecodeOptions()))
        #expect(options.keys == .convertFromSnakeCase && options.dates == .iso8601)
    }

    @Test func twoDateStrategiesClashAndACustomOneHasNoOptions() {
        #expect(throws: FixMerge.Conflict.decoderSettings(fixes: [2, 4])) {
            try FixMerge.merge([(2, Self.fix(.dates(.iso8601))), (4, Self.fix(.customDates(["yyyy-MM-dd", nil])))])
        }
        #expect(DecoderSetting(.customDates(["yyyy-MM-dd"])).applied(to: DecodeOptions()) == nil)
    }
}

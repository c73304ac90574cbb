import CodableExplorerRunner
import Foundation
import Testing

@testable import ModelInference

/// Strings become `Date` only when every one at the position parses, and the strategy in
/// `makeDecoder()` is one that parses all the dates of the payload.
@Suite("infer: dates, and the strategy that parses all of them")
struct DateRuleTests {
    static let table: [(payload: String, strategy: DateStrategy, type: String)] = [
        (#"["2024-03-05T10:00:00Z", "2012-01-03T23:36:29+02:00"]"#, .strategy(.iso8601), "Date"),
        // .iso8601 reads fractional seconds here but not on older Apple platforms: a formatter.
        (
            #"["2024-03-05T10:00:00Z", "2024-03-12T15:30:00.250Z"]"#,
            .patterns(["yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ssXXXXX"]), "Date"
        ),
        (#"["2017-04-06T16:55:02.132Z"]"#, .strategy(.formatted("yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX")), "Date"),
        // No zone: .iso8601 refuses it, a formatter (in UTC) reads it.
        (#"["2018-07-05T22:53:15"]"#, .strategy(.formatted("yyyy-MM-dd'T'HH:mm:ss")), "Date"),
        (#"["1990-04-28", "2024-07-01"]"#, .strategy(.formatted("yyyy-MM-dd")), "Date"),
        (#"["Wed Dec 09 19:40:11 +0000 2015"]"#, .strategy(.formatted("EEE MMM dd HH:mm:ss Z yyyy")), "Date"),
        (#"["Tue, 10 Oct 2017 16:00:00 GMT"]"#, .strategy(.formatted("EEE, dd MMM yyyy HH:mm:ss zzz")), "Date"),
        (#"["2023-03-27 00:03:05 UTC"]"#, .strategy(.formatted("yyyy-MM-dd HH:mm:ss zzz")), "Date"),
        // Several formats at one position: each string is tried with each pattern.
        (
            #"["2024-03-05T10:00:00Z", "2024-04-02 09:00:00"]"#,
            .patterns(["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ssXXXXX"]), "Date"
        ),
        // One string that is no date keeps the position a String.
        (#"["2024-01-01", "2024-13-45"]"#, .none, "String"),
        (#"["2024-03-05T10:00:00Z", ""]"#, .none, "String"),
        (#"["1425318850.000003"]"#, .none, "String"),
        // Numbers without a key that names a time are never dates: they look like any other count.
        ("[1709632800, 1709640000]", .none, "Int"),
    ]

    @Test("strategy and element type of", arguments: table.indices)
    func strategy(_ k: Int) throws {
        let (payload, strategy, type) = Self.table[k]
        let models = try Inference.models(payload)
        #expect(models.dateStrategy == strategy, "\(payload)")
        #expect(models.swiftSource.contains("typealias Root = [\(type)]\n"), "\(payload)")
    }

    @Test func oneStrategyForAllPositions() throws {
        // `a` alone would be .iso8601, `b` alone .formatted; together, both patterns.
        let models = try Inference.models(#"{"a": "2024-03-05T10:00:00Z", "b": "1990-04-28"}"#)
        #expect(models.dateStrategy == .patterns(["yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ssXXXXX"]))
        #expect(Inference.properties("Root", in: models.swiftSource) == ["let a: Date", "let b: Date"])
    }

    @Test func theDecoderIsSetUpForTheStrategy() throws {
        let iso = try Inference.source(#"{"a": "2024-03-05T10:00:00Z"}"#)
        #expect(iso.contains("    decoder.dateDecodingStrategy = .iso8601\n"))
        let formatted = try Inference.source(#"{"a": "1990-04-28"}"#)
        for line in [
            "let formatter = DateFormatter()", "formatter.calendar = Calendar(identifier: .gregorian)",
            "formatter.locale = Locale(identifier: \"en_US_POSIX\")", "formatter.timeZone = TimeZone(secondsFromGMT: 0)",
            "formatter.dateFormat = \"yyyy-MM-dd\"", "decoder.dateDecodingStrategy = .formatted(formatter)",
        ] {
            #expect(formatted.contains("    " + line + "\n"), "\(line)")
        }
        let several = try Inference.source(#"{"a": "2024-03-05T10:00:00Z", "b": "1990-04-28"}"#)
        #expect(several.contains("decoder.dateDecodingStrategy = .custom { decoder in"))
        #expect(several.contains("final class DateFormats: @unchecked Sendable {"))
        let none = try Inference.source(#"{"a": "hello"}"#)
        #expect(!none.contains("dateDecodingStrategy"))
    }

    @Test("epoch seconds and milliseconds under a key that names a time become Date, with the strategy named")
    func epochTimes() throws {
        let millis = try Inference.models(#"{"created_at": 1709632800000, "updatedAt": 1709640000000, "count": 1709632800000}"#)
        #expect(millis.dateStrategy == .strategy(.millisecondsSince1970))
        #expect(
            Inference.properties("Root", in: millis.swiftSource) == ["let created_at: Date", "let updatedAt: Date", "let count: Int"])
        #expect(millis.swiftSource.contains("    decoder.dateDecodingStrategy = .millisecondsSince1970\n"))
        // Foundation reads the number under that strategy as a moment of 2024.
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let date = try decoder.decode([Date].self, from: Data("[1709632800000]".utf8))[0]
        #expect(Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date).year == 2024)
        let seconds = try Inference.models(#"{"timestamp": 1709632800, "id": 1709632801}"#)
        #expect(seconds.dateStrategy == .strategy(.secondsSince1970))
        #expect(Inference.properties("Root", in: seconds.swiftSource) == ["let timestamp: Date", "let id: Int"])
        // Outside 2000–2100, or with a fraction, or beside date strings (one strategy for the decoder): numbers.
        #expect(try Inference.models(#"{"created_at": 12}"#).dateStrategy == .none)
        #expect(try Inference.models(#"{"created_at": 1709632800.5}"#).dateStrategy == .none)
        let mixed = try Inference.models(#"{"created_at": 1709632800, "day": "2024-03-05"}"#)
        #expect(mixed.dateStrategy == .strategy(.formatted("yyyy-MM-dd")))
        #expect(Inference.properties("Root", in: mixed.swiftSource) == ["let created_at: Int", "let day: Date"])
    }

    static let patterns: [(text: String, pattern: String?)] = [
        ("2024-03-05", "yyyy-MM-dd"),
        ("2024-03-05T10:00", "yyyy-MM-dd'T'HH:mm"),
        ("2024-03-05T10:00:00Z", "yyyy-MM-dd'T'HH:mm:ssXXXXX"),
        ("2018-07-05T22:53:15.231061Z", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXXXX"),
        ("2017-04-06T16:55:02.132Z", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"),
        ("2012-01-03T23:36:29+02:00", "yyyy-MM-dd'T'HH:mm:ssXXXXX"),
        ("2012-01-03T23:36:29+0200", "yyyy-MM-dd'T'HH:mm:ssZ"),
        ("2012-01-03 23:36:29 +0200", "yyyy-MM-dd HH:mm:ss Z"),
        ("2023-03-27 00:03:05 UTC", "yyyy-MM-dd HH:mm:ss zzz"),
        ("Wed Dec 09 19:40:11 +0000 2015", "EEE MMM dd HH:mm:ss Z yyyy"),
        ("Tue, 10 Oct 2017 16:00:00 GMT", "EEE, dd MMM yyyy HH:mm:ss zzz"),
        ("2024-03-05T", nil), ("2024/03/05", nil), ("20240305", nil), ("March 5, 2024", nil), ("2024-03-05 x", nil),
    ]

    @Test("the pattern a date is written in", arguments: patterns.indices)
    func pattern(_ k: Int) {
        let (text, pattern) = Self.patterns[k]
        #expect(DatePattern.pattern(for: text) == pattern, "\(text)")
    }
}

import CodableExplorerRunner
import Foundation
import Testing

/// The date strategies' vocabulary (RunnerOptions+Dates.swift) held to Foundation: what the words
/// say a strategy reads is what the `JSONDecoder` it makes reads, the Swift spelling is the case's
/// own name, and every `--date-strategy` word gives its strategy back.
@Suite("Date strategy vocabulary")
struct DateStrategyVocabularyTests {
    typealias Dates = RunnerOptions.Dates

    /// 2023-11-14T22:13:20Z, as seconds since 1970.
    static let moment: TimeInterval = 1_700_000_000

    static func decode(_ json: String, with strategy: Dates) throws -> Date {
        try RunnerOptions(dates: strategy).decoder().decode([Date].self, from: Data("[\(json)]".utf8))[0]
    }

    /// "a number of milliseconds since 1970": the number of those units since that epoch that
    /// stands for ``moment`` decodes as ``moment``, and ``Dates/date(fromNumber:)`` agrees.
    @Test("a number decodes as the unit and the epoch its words name", arguments: Dates.numberCases)
    func numberWords(_ strategy: Dates) throws {
        let reads = strategy.reads { $0 }
        let words = try #require(reads.firstMatch(of: /a number of (\w+) since (\d{4})/), "\(reads)")
        let unitsPerSecond = try #require(["seconds": 1.0, "milliseconds": 1000][String(words.1)], "\(reads)")
        let epoch = try #require(["1970": 0, "2001": Date(timeIntervalSinceReferenceDate: 0).timeIntervalSince1970][String(words.2)])
        let number = (Self.moment - epoch) * unitsPerSecond
        let decoded = try Self.decode(String(format: "%.0f", number), with: strategy)
        #expect(decoded == Date(timeIntervalSince1970: Self.moment), "\(reads)")
        #expect(strategy.date(fromNumber: number) == decoded)
        // The `o` menu's phrase names the same unit and epoch year.
        #expect(strategy.phrase { $0 }.contains("\(words.1) since \(words.2)"))
    }

    /// The strategies that read numbers are exactly those whose decoder reads a number.
    @Test("a strategy reads numbers exactly when its decoder does", arguments: Dates.simpleCases)
    func readsNumbers(_ strategy: Dates) throws {
        let decoded = try? Self.decode("1700000000", with: strategy)
        #expect((decoded != nil) == (strategy.date(fromNumber: 0) != nil))
        #expect(Dates.numberCases.contains(strategy) == (decoded != nil))
        #expect(decoded == strategy.date(fromNumber: 1_700_000_000))
    }

    @Test("the example an explanation gives of an ISO 8601 date decodes with .iso8601")
    func iso8601Example() throws {
        let reads = Dates.iso8601.reads { $0 }
        let example = try #require(reads.firstMatch(of: /like ("[^"]+")/)?.1)
        #expect(try Self.decode(String(example), with: .iso8601) == Date(timeIntervalSince1970: 1_709_632_800))
    }

    @Test("a formatted strategy reads its format, in UTC")
    func formatted() throws {
        let strategy = Dates.formatted("yyyy-MM-dd HH:mm")
        #expect(try Self.decode(#""2023-11-14 22:13""#, with: strategy) == Date(timeIntervalSince1970: Self.moment - 20))
        #expect(strategy.format == "yyyy-MM-dd HH:mm")
        #expect(strategy.swiftValue { _ in "f" } == ".formatted(f)")
    }

    /// `.millisecondsSince1970` is the case's own name, as its synthesized `Codable` writes it.
    @Test("the Swift name is the case's name", arguments: Dates.simpleCases + [.formatted("yyyy")])
    func swiftName(_ strategy: Dates) throws {
        let json = try #require(String(data: JSONEncoder().encode(strategy), encoding: .utf8))
        #expect(json.hasPrefix("{\"\(strategy.swiftName.dropFirst())\":"), "\(json)")
        #expect(strategy.swiftValue { _ in "formatter" }.hasPrefix(strategy.swiftName))
    }

    @Test("every --date-strategy word gives its strategy back", arguments: Dates.simpleCases + [.formatted("yyyy-MM-dd'T'HH:mm")])
    func flagWordRoundTrip(_ strategy: Dates) {
        #expect(Dates(flagWord: strategy.flagWord) == strategy)
    }

    @Test("the --date-strategy words are distinct, and a word without a strategy names none")
    func flagWords() {
        #expect(Dates.flagWords == ["deferred", "iso8601", "seconds", "milliseconds", "formatted:FORMAT"])
        #expect(Set(Dates.simpleCases.map(\.flagWord)).count == Dates.simpleCases.count)
        #expect(Dates(flagWord: "formatted:") == nil)
        #expect(Dates(flagWord: "millis") == nil)
        #expect(Dates(flagWord: "Seconds") == nil)
    }
}

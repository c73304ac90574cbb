import DecodingEngine
import Foundation
import Testing

@testable import Teaching

/// "Decodes, but" warnings: values Foundation decoded that are almost surely not what the app
/// meant. The years are held to Foundation's own `Date` and calendar.
@Suite("Decode warnings")
struct DecodeWarningTests {
    struct Event: Decodable { let createdAt: Date }

    static let millis = #"[{"createdAt": 1709632800000}, {"createdAt": 1709719200000}]"#
    static let dateModel = "import Foundation\nstruct Event: Decodable { let createdAt: Date }"

    /// The year Foundation gives the first date of the payload under a strategy.
    static func foundationYear(_ payload: String, _ strategy: JSONDecoder.DateDecodingStrategy) throws -> Int {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy
        let date = try decoder.decode([Event].self, from: Data(payload.utf8))[0].createdAt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.component(.year, from: date)
    }

    @Test(
        "millisecond epochs read as seconds decode, but land tens of thousands of years ahead; the warning names the strategy",
        arguments: [
            (DecodeOptions.DateStrategy.deferredToDate, JSONDecoder.DateDecodingStrategy.deferredToDate, ".deferredToDate"),
            (.secondsSince1970, .secondsSince1970, ".secondsSince1970"),
        ])
    func millisecondsReadAsSeconds(
        strategy: DecodeOptions.DateStrategy, foundation: JSONDecoder.DateDecodingStrategy, name: String
    )
        throws
    {
        let lesson = try Lesson(Self.dateModel, Self.millis, type: "[Event]", options: .init(dates: strategy))
        #expect(lesson.report.ok, "a warning never changes the verdict")
        let warning = try #require(lesson.teaching.warnings.first)
        #expect(lesson.teaching.warnings.count == 1, "one warning for the property")
        let year = try Self.foundationYear(Self.millis, foundation)
        #expect(year > 50_000)
        #expect(
            warning.reason
                == .implausibleDate(
                    property: "createdAt", sent: "1709632800000", year: year, strategy: name, fits: ".millisecondsSince1970"))
        #expect(warning.count == 2 && warning.path == "$[0].createdAt" && warning.location.line == 1)
        #expect(warning.text.contains("in the year \(FixCost.grouped(year)) (and 1 more like it); .millisecondsSince1970 would fit"))
    }

    @Test("dates in plausible years, and epoch seconds under .secondsSince1970, warn nothing")
    func plausibleDatesDoNotWarn() throws {
        let seconds = #"[{"createdAt": 1709632800}]"#
        #expect(try Self.foundationYear(seconds, .secondsSince1970) == 2024)
        let lesson = try Lesson(Self.dateModel, seconds, type: "[Event]", options: .init(dates: .secondsSince1970))
        #expect(lesson.report.ok && lesson.teaching.warnings.isEmpty)
        let millis = try Lesson(Self.dateModel, Self.millis, type: "[Event]", options: .init(dates: .millisecondsSince1970))
        #expect(millis.report.ok && millis.teaching.warnings.isEmpty)
    }

    @Test("an optional that is always nil while the payload sends a key of a near spelling warns; one the payload sends does not")
    func alwaysNilOptional() throws {
        let models = "struct Config: Decodable {\n    let baseURL: String?\n    let name: String\n}"
        let payload = #"[{"base_url": "https://a.example", "name": "a"}, {"base_url": "https://b.example", "name": "b"}]"#
        let lesson = try Lesson(models, payload, type: "[Config]")
        #expect(lesson.report.ok)
        let warning = try #require(lesson.teaching.warnings.first)
        #expect(warning.reason == .alwaysNil(property: "baseURL", owner: "Config", key: "baseURL", sentAs: "base_url"))
        #expect(warning.count == 2 && warning.path == "$[0]")
        #expect(warning.text == #"`baseURL` of Config is always nil: the payload never sends "baseURL", but sends "base_url" in 2 objects"#)
        let sent = try Lesson(models, #"[{"baseURL": "https://a.example", "name": "a"}, {"base_url": "x", "name": "b"}]"#, type: "[Config]")
        #expect(sent.report.ok && sent.teaching.warnings.isEmpty, "one object sends it: not always nil")
        let absent = try Lesson(models, #"[{"name": "a"}]"#, type: "[Config]")
        #expect(absent.teaching.warnings.isEmpty, "no near spelling: nothing suggests the app meant a value")
    }

    @Test("warnings come with the errors of a decode that failed, too")
    func warningsBesideErrors() throws {
        let models = "import Foundation\nstruct Event: Decodable {\n    let createdAt: Date\n    let count: Int\n}"
        let lesson = try Lesson(models, #"[{"createdAt": 1709632800000, "count": "x"}]"#, type: "[Event]")
        #expect(lesson.report.errors.count == 1)
        #expect(lesson.teaching.warnings.map(\.kind) == ["implausibleDate"])
    }
}

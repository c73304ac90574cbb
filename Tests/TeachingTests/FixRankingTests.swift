import DecodingEngine
import Foundation
import Testing

@testable import Teaching

/// The ranking rule on payloads written for it: a fix that keeps every value comes first, one
/// that changes what a value means next, one that drops data last, and each says what it costs
/// on this payload, measured by the decode that verified it and held to Foundation here.
@Suite("Fix ranking")
struct FixRankingTests {
    /// Foundation's own verdict on the test payloads, for the counts the costs claim.
    struct Quake: Decodable {
        let mag: Double
        let cdi: Int?
    }
    struct Zip: Decodable { let zip: Int }

    static let earthquakes = """
        {"features": [
          {"properties": {"mag": 1.2, "cdi": 3}},
          {"properties": {"mag": 2.5, "cdi": 3.4}},
          {"properties": {"mag": 0.8, "cdi": null}},
          {"properties": {"mag": 4.1, "cdi": 2.7}},
          {"properties": {"mag": 3.3, "cdi": 5}},
          {"properties": {"mag": "n/a", "cdi": 1}},
          {"properties": {"mag": 1.0, "cdi": 4}}
        ]}
        """

    @Test("cdi: Int? holding 3.4: Double? first, LossyArray last with how many elements it drops")
    func widerTypeBeforeLossyArray() throws {
        let models = """
            struct FeatureCollection: Decodable { let features: [Feature] }
            struct Feature: Decodable { let properties: Properties }
            struct Properties: Decodable {
                let mag: Double
                let cdi: Int?
            }
            """
        let lesson = try Lesson(models, Self.earthquakes, type: "FeatureCollection")
        let fixes = lesson.fixes(0)
        let first = try #require(fixes.first)
        #expect(first.kind == .changeType && first.title.contains("Double?"), "\(fixes.map(\.title))")
        // Double? leaves the "n/a" magnitude, which dropping elements would hide: it still comes first.
        #expect(first.cost == .keepsEveryValue && first.verdict.remaining == 1)
        let last = try #require(fixes.last)
        #expect(last.kind == .lossyArray, "\(fixes.map(\.title))")
        // Foundation drops exactly the elements whose cdi Int? cannot hold.
        let elements = try JSONSerialization.jsonObject(with: Data(Self.earthquakes.utf8)) as? [String: [[String: Any]]]
        let dropped = try #require(elements?["features"]).filter { feature in
            let data = try? JSONSerialization.data(withJSONObject: feature["properties"] ?? [:])
            return data.flatMap { try? JSONDecoder().decode(Quake.self, from: $0) } == nil
        }
        #expect(dropped.count == 3)
        #expect(last.verdict.decodes)
        #expect(last.cost == .dropsElements(dropped: dropped.count, total: 7))
        #expect(last.cost.text == "drops 3 of 7 elements")
        #expect(fixes.map(\.cost.costClass) == fixes.map(\.cost.costClass).sorted(), "classes in order")
    }

    @Test("\"zip\": \"00000\" for Int: String first, LosslessValue after, saying it turns \"00000\" into 0")
    func stringBeforeLosslessValue() throws {
        let payload = #"[{"zip": "00000"}, {"zip": "10115"}, {"zip": "02134"}]"#
        let lesson = try Lesson("struct Address: Decodable { let zip: Int }", payload, type: "[Address]")
        let fixes = lesson.fixes(0)
        let string = try #require(fixes.firstIndex { $0.kind == .changeType })
        let lossless = try #require(fixes.firstIndex { $0.kind == .losslessValue }, "\(fixes.map(\.title))")
        #expect(string == 0 && lossless > string)
        #expect(fixes[string].title.contains("String") && fixes[string].cost == .keepsEveryValue)
        // What Foundation's Int gives for the text, as LosslessValue converts it.
        let converted = try JSONDecoder().decode([Zip].self, from: Data(#"[{"zip": 0}]"#.utf8))[0].zip
        #expect(Int("00000") == converted)
        #expect(fixes[lossless].cost == .changesValues(count: 2, example: .init(sent: #""00000""#, read: "0")))
        #expect(fixes[lossless].cost.text == #"turns "00000" into 0 (and 1 other value like it)"#)
    }

    @Test("text that reads back as itself costs nothing: LosslessValue on \"189.84\" keeps every value")
    func losslessValueThatKeepsTheText() throws {
        let lesson = try Lesson("struct Quote: Decodable { let price: Double }", #"{"price": "189.84"}"#, type: "Quote")
        let fix = try #require(lesson.fix(.losslessValue))
        #expect(fix.cost == .keepsEveryValue)
        #expect(lesson.fixes(0).first?.kind == .losslessValue, "the catalogue's order decides among fixes that cost alike")
    }

    @Test("baseURL made optional when the payload sends base_url: always nil, after the CodingKeys fix")
    func optionalThatIsAlwaysNil() throws {
        let lesson = try Lesson(
            "struct Config: Decodable {\n    let baseURL: String\n    let name: String\n}",
            #"{"base_url": "https://a.example", "name": "a"}"#,
            type: "Config")
        let fixes = lesson.fixes(0)
        let optional = try #require(fixes.firstIndex { $0.kind == .makeOptional }, "\(fixes.map(\.title))")
        #expect(fixes[optional].cost == .alwaysNil(property: "baseURL", sentAs: "base_url"))
        #expect(fixes[optional].cost.text == "always nil: the payload sends this key as base_url")
        #expect(fixes[0].kind != .makeOptional && fixes[0].cost == .keepsEveryValue, "\(fixes.map(\.title))")
    }

    @Test("an optional for a key some objects send keeps every value")
    func optionalForAKeySometimesSent() throws {
        let lesson = try Lesson("struct P: Decodable { let note: String }", #"[{"note": "a"}, {}]"#, type: "[P]")
        let fix = try #require(lesson.fix(.makeOptional))
        #expect(fix.cost == .keepsEveryValue && fix.verdict.decodes)
    }

    @Test("snake_case keys read by camelCase properties: .convertFromSnakeCase first, clearing every such error")
    func keyStrategyFirst() throws {
        let models = """
            struct Event: Decodable {
                let eventType: String
                let createdAt: String
                let actorLogin: String
                let count: Int
            }
            """
        let payload = """
            [{"event_type": "Push", "created_at": "x", "actor_login": "a", "count": 1},
             {"event_type": "Fork", "created_at": "y", "actor_login": "b", "count": "two"}]
            """
        let lesson = try Lesson(models, payload, type: "[Event]")
        #expect(lesson.report.errors.count == 7)
        let first = try #require(lesson.fixes(0).first)
        #expect(first.kind == .convertFromSnakeCase, "\(lesson.fixes(0).map(\.title))")
        #expect(first.decoderSetting?.swift == "decoder.keyDecodingStrategy = .convertFromSnakeCase")
        #expect(first.verdict == .removesError(remaining: 1, .redecoded, removed: 6))
        #expect(first.verdict.text == "✓ verified: removes 6 errors; 1 other remains")
    }
}

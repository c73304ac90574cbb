import DecodingEngine
import Foundation
import Testing

@testable import Teaching

/// The catalogue on small models: the edits are the smallest ones that work, in the user's
/// own text, and a fix that would break other values is never offered.
@Suite("Fix catalogue")
struct FixCatalogueTests {
    @Test("a one-line struct becomes optional in place")
    func optionalInOneLineBody() throws {
        let lesson = try Lesson("struct A: Decodable { let x: Int }", "{}", type: "A")
        let fix = try #require(lesson.fix(.makeOptional))
        #expect(fix.verdict == .decodes(.redecoded))
        #expect(lesson.edited(fix) == "struct A: Decodable { let x: Int? }")
    }

    @Test("CodingKeys go before the real closing brace, past braces in comments and strings")
    func codingKeysSkipCommentsAndStrings() throws {
        let models = """
            struct A: Decodable {
                // a } in a comment
                let note = "{ not a brace }"
                let count: Int
            }
            """
        let lesson = try Lesson(models, #"{"Count": 2}"#, type: "A")
        let fix = try #require(lesson.fix(.mapCodingKey))
        #expect(fix.verdict == .decodes(.redecoded))
        #expect(
            lesson.edited(fix) == """
                struct A: Decodable {
                    // a } in a comment
                    let note = "{ not a brace }"
                    let count: Int

                    enum CodingKeys: String, CodingKey {
                        case count = "Count"
                    }
                }
                """)
    }

    @Test("an existing CodingKeys case gets the new raw value; one without a raw value gets one")
    func editsExistingCodingKeys() throws {
        let models = """
            struct A: Decodable {
                let a: Int
                let b: Int
                enum CodingKeys: String, CodingKey {
                    case a = "alpha"
                    case b
                }
            }
            """
        let lesson = try Lesson(models, #"{"alpah": 1, "B": 2}"#, type: "A")
        #expect(lesson.edited(lesson.fix(.mapCodingKey, error: 0))?.contains(#"case a = "alpah""#) == true)
        #expect(lesson.edited(lesson.fix(.mapCodingKey, error: 1))?.contains(#"case b = "B""#) == true)
    }

    @Test("a wrapper goes before the modifiers, keeps the comment, turns let into var")
    func wrapperKeepsModifiersAndComments() throws {
        let models = """
            struct Quote: Decodable {
                public let price: Double // USD
            }
            """
        let lesson = try Lesson(models, #"{"price": "189.84"}"#, type: "Quote")
        let fix = try #require(lesson.fix(.losslessValue))
        #expect(fix.verdict == .decodes(.valueByValue))
        #expect(lesson.edited(fix)?.hasPrefix("struct Quote: Decodable {\n    @LosslessValue public var price: Double // USD\n}\n") == true)
        #expect(lesson.edited(fix)?.contains("struct LosslessValue<Value: Decodable & LosslessStringConvertible>: Decodable {") == true)
    }

    @Test("no wrapper on a declaration with two bindings (Swift refuses it)")
    func noWrapperOnTwoBindings() throws {
        let lesson = try Lesson("struct Q: Decodable {\n    let a: Double, b: Double\n}\n", #"{"a": "1", "b": 2}"#, type: "Q")
        #expect(lesson.fix(.losslessValue) == nil)
        #expect(lesson.fix(.changeType) != nil)
    }

    @Test("a fix that removes one error but breaks other values is not offered")
    func noFixThatBreaksOthers() throws {
        let lesson = try Lesson("struct S: Decodable { let v: Int }", #"[{"v": 1}, {"v": "2"}, {"v": "x"}]"#, type: "[S]")
        #expect(lesson.report.errors.count == 2)
        #expect(!lesson.fixes(0).contains { $0.kind == .changeType }, "String would break the 1")
        let lossless = try #require(lesson.fix(.losslessValue, error: 0))
        #expect(lossless.verdict == .removesError(remaining: 1, .valueByValue), "\"x\" is not a number")
        #expect(lesson.fix(.losslessValue, error: 1) == nil, "LosslessValue cannot read \"x\" either")
    }

    @Test("dates: one format for every string, verified by decoding; milliseconds told from seconds by size")
    func dateStrategies() throws {
        let models = "import Foundation\nstruct E: Decodable { let at: Date; let until: Date? }"
        let formatted = try Lesson(models, #"{"at": "2024-01-02 10:00", "until": "2024-12-31 23:59"}"#, type: "E")
        let fix = try #require(formatted.fix(.dateStrategy))
        #expect(fix.decoderSetting?.strategies == [.dates(.formatted("yyyy-MM-dd HH:mm"))])
        #expect(fix.verdict == .decodes(.redecoded))
        let millis = try Lesson(models, #"{"at": 1709632800000}"#, type: "E", options: .init(dates: .iso8601))
        #expect(millis.fix(.dateStrategy)?.decoderSetting?.strategies == [.dates(.millisecondsSince1970)])
    }

    @Test("a null element: the element type becomes optional, not the property")
    func nullElement() throws {
        let lesson = try Lesson("struct T: Decodable { let tags: [String] }", #"{"tags": ["a", null]}"#, type: "T")
        let fix = try #require(lesson.fix(.makeOptional))
        #expect(lesson.edited(fix) == "struct T: Decodable { let tags: [String?] }")
    }

    @Test("a near-miss key from a hostile payload is written as an escaped Swift literal")
    func hostileKeyIsEscaped() throws {
        let lesson = try Lesson("struct A: Decodable { let name: String }", "{\"nam\\u001be\": \"x\"}", type: "A")
        let fix = try #require(lesson.fix(.mapCodingKey))
        #expect(lesson.edited(fix)?.contains(#"case name = "nam\u{1B}e""#) == true)
        #expect(!fix.title.unicodeScalars.contains("\u{1B}"))
        #expect(lesson.teaching.lessons[0].explanation.found.contains(#""nam\u{1B}e""#))
    }

    @Test("a lossy array is not offered when most elements would be dropped")
    func lossyArrayNeedsSurvivors() throws {
        let lesson = try Lesson("struct S: Decodable { let v: Int }", #"[{"v": "a"}, {"v": "b"}, {"v": 3}]"#, type: "[S]")
        #expect(lesson.fix(.lossyArray) == nil)
    }
}

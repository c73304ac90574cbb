import ModelSchema
import Testing

@testable import Teaching

/// The app's decoder function as `--decoder` names it, found in the model sources, and the edit
/// that sets a strategy in it (whether the edit compiles and decodes is held by
/// DecoderFunctionFixTests, with swiftc and Foundation).
@Suite struct DecoderFunctionTests {
    static func edited(_ text: String, _ expression: String, _ strategy: DecoderSetting.Strategy) -> String? {
        let sources = [ModelSource(path: "Other.swift", text: "struct A {}\n"), ModelSource(path: "API.swift", text: text)]
        return DecoderFunction.find(expression: expression, in: sources)?.change(setting: strategy)?.edited
    }

    @Test func theSettingGoesRightAfterTheDecoderIsMadeAtItsIndentation() {
        let text = "func makeDecoder() -> JSONDecoder {\n    let d = JSONDecoder()\n    return d\n}\n"
        #expect(
            Self.edited(text, "makeDecoder()", .keys(.convertFromSnakeCase))
                == "func makeDecoder() -> JSONDecoder {\n    let d = JSONDecoder()\n    d.keyDecodingStrategy = .convertFromSnakeCase\n    return d\n}\n"
        )
    }

    @Test func aLineThatSetsTheSamePropertyIsReplacedAndOthersAreKept() {
        let text =
            "enum API {\n\tstatic func decoder() -> JSONDecoder {\n\t\tlet decoder = JSONDecoder()\n\t\tdecoder.keyDecodingStrategy = .convertFromSnakeCase\n\t\tdecoder.dateDecodingStrategy = .secondsSince1970\n\t\treturn decoder\n\t}\n}\n"
        #expect(
            Self.edited(text, "API.decoder()", .dates(.iso8601))
                == "enum API {\n\tstatic func decoder() -> JSONDecoder {\n\t\tlet decoder = JSONDecoder()\n\t\tdecoder.keyDecodingStrategy = .convertFromSnakeCase\n\t\tdecoder.dateDecodingStrategy = .iso8601\n\t\treturn decoder\n\t}\n}\n"
        )
    }

    @Test func aStaticPropertyInitializedByAClosureIsEditedInsideItAndCRLFIsKept() {
        let text =
            "extension JSONDecoder {\r\n  static let app: JSONDecoder = {\r\n    let d = JSONDecoder()\r\n    return d\r\n  }()\r\n}\r\n"
        #expect(
            Self.edited(text, "JSONDecoder.app", .dates(.millisecondsSince1970))
                == "extension JSONDecoder {\r\n  static let app: JSONDecoder = {\r\n    let d = JSONDecoder()\r\n    d.dateDecodingStrategy = .millisecondsSince1970\r\n    return d\r\n  }()\r\n}\r\n"
        )
    }

    @Test func aCustomClosureIsNotCutAndAnUnknownNameIsNotGuessed() {
        let custom =
            "func makeDecoder() -> JSONDecoder {\n    let decoder = JSONDecoder()\n    decoder.dateDecodingStrategy = .custom { d in\n        Date()\n    }\n    return decoder\n}\n"
        #expect(Self.edited(custom, "makeDecoder()", .dates(.iso8601)) == nil)
        #expect(Self.edited(custom, "otherDecoder()", .keys(.convertFromSnakeCase)) == nil)
        // A function of that name that makes no JSONDecoder is not the decoder.
        #expect(Self.edited("func makeDecoder() -> Int { 1 }\n", "makeDecoder()", .keys(.convertFromSnakeCase)) == nil)
    }
}

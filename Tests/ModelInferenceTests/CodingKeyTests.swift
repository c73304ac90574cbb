import Testing

@testable import ModelInference

/// CodingKeys only where the synthesized ones would not find the key: a key that is no Swift
/// identifier, or, with snake_case keys, one whose converted form is none. Keywords escaped.
@Suite("infer: property names and CodingKeys")
struct CodingKeyTests {
    @Test func keysThatAreIdentifiersNeedNoCodingKeys() throws {
        let source = try Inference.source(#"{"user_id": 1, "displayName": "a", "_id": "x"}"#)
        #expect(Inference.properties("Root", in: source) == ["let user_id: Int", "let displayName: String", "let _id: String"])
        #expect(!source.contains("CodingKeys"))
    }

    @Test func keysThatAreNotIdentifiersGetOne() throws {
        let source = try Inference.source(#"{"id": 1, "content-type": "t", "2fa": true, "a b": 1, "": 2, "contentType": 3}"#)
        #expect(
            Inference.properties("Root", in: source) == [
                "let id: Int", "let contentType2: String", "let _2fa: Bool", "let aB: Int", "let field: Int", "let contentType: Int",
            ])
        let keys = Inference.declaration("Root", in: source).drop { $0 != "enum CodingKeys: String, CodingKey {" }
        #expect(
            Array(keys.dropFirst().prefix(6)) == [
                "case id", "case contentType2 = \"content-type\"", "case _2fa = \"2fa\"", "case aB = \"a b\"", "case field = \"\"",
                "case contentType",
            ])
    }

    @Test func keywordsAreEscaped() throws {
        let source = try Inference.source(#"{"class": 1, "default": true, "self": "s", "Type": "t", "init": 2}"#)
        #expect(
            Inference.properties("Root", in: source) == [
                "let `class`: Int", "let `default`: Bool", "let `self`: String", "let `Type`: String", "let `init`: Int",
            ])
        #expect(!source.contains("CodingKeys"))
    }

    @Test func snakeCaseNamesAreWhatConvertFromSnakeCaseMakes() throws {
        let source = try Inference.source(
            #"{"base_url": "u", "retry_count": 3, "inStock": true, "_private_key": 1}"#,
            .init(keyStrategy: .convertFromSnakeCase))
        // The acronym trap: `base_url` converts to `baseUrl`; `baseURL` would need a CodingKey.
        #expect(
            Inference.properties("Root", in: source) == [
                "let baseUrl: String", "let retryCount: Int", "let inStock: Bool", "let _privateKey: Int",
            ])
        #expect(!source.contains("CodingKeys"))
        #expect(source.contains("    decoder.keyDecodingStrategy = .convertFromSnakeCase\n"))
    }

    @Test func snakeCaseStillNeedsOneForKeysItLeavesInvalid() throws {
        // convertFromSnakeCase leaves `content-type` as it is, and makes `x_rate.limit`
        // `xRate.Limit` (Foundation's `capitalized` starts a word after the dot): the
        // CodingKeys hold those texts.
        let source = try Inference.source(#"{"content-type": "t", "x_rate.limit": 1}"#, .init(keyStrategy: .convertFromSnakeCase))
        let root = Inference.declaration("Root", in: source)
        #expect(root.contains("let contentType: String"))
        #expect(root.contains("case contentType = \"content-type\""))
        #expect(root.contains("case xRateLimit = \"xRate.Limit\""))
    }

    @Test func twoKeysThatConvertAlikeAreOneProperty() throws {
        let source = try Inference.source(#"[{"user_id": 1}, {"userId": "2"}]"#, .init(keyStrategy: .convertFromSnakeCase))
        #expect(Inference.properties("RootElement", in: source) == ["let userId: UserId?"])
    }

    static let conversions: [(key: String, converted: String)] = [
        ("base_url", "baseUrl"), ("user_ID", "userId"), ("_leading", "_leading"), ("trailing_", "trailing_"),
        ("__two__words__", "__twoWords__"), ("nochange", "nochange"), ("Content-Type", "Content-Type"), ("a__b", "aB"),
    ]

    @Test("Foundation's own conversion of", arguments: conversions.indices)
    func conversion(_ k: Int) {
        let (key, converted) = Self.conversions[k]
        #expect(KeyConversion.convertFromSnakeCase([key])[key] == converted)
        #expect(KeyConversion.fallback(key) == converted)
    }
}

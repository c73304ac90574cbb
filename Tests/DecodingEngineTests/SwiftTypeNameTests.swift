import Testing

@testable import DecodingEngine

/// Type names as the runtime and Foundation print them, in the words an explanation uses.
@Suite struct SwiftTypeNameTests {
    @Test func runtimeNamesAreWrittenAsSwiftCodeWritesThem() {
        #expect(SwiftTypeName.sugared("Array<Track>") == "[Track]")
        #expect(SwiftTypeName.sugared("Optional<Dictionary<String, Array<Int>>>") == "[String: [Int]]?")
        #expect(SwiftTypeName.sugared("Array<Failable<Product>>") == "[Failable<Product>]")
        #expect(SwiftTypeName.sugared("PageEntity<Song>") == "PageEntity<Song>")
    }

    @Test func foundationsWordsForAnyArrayOrObjectNameNoElementType() {
        #expect(SwiftTypeName.short(foundation: "Array<Any>") == "an array")
        #expect(SwiftTypeName.short(foundation: "Dictionary<String, Any>") == "an object")
        #expect(SwiftTypeName.phrase(foundation: "Array<Any>") == "an array")
        #expect(SwiftTypeName.phrase(foundation: "Int") == "a value of type Int")
    }
}

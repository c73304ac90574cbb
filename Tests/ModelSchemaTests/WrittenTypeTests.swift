import ModelSchema
import Testing

/// Written type text read by Swift's parser: what fixes and call-site matching decide by.
@Suite struct WrittenTypeTests {
    @Test("spellings of one type compare the same; different types do not")
    func sameType() {
        #expect(WrittenType.same("[Song]", "Array<Song>"))
        #expect(WrittenType.same("Int?", "Optional<Int>"))
        #expect(WrittenType.same("Swift.Int", "Int"))
        #expect(WrittenType.same("[String: [Int]]", "Dictionary<String, Array<Int>>"))
        #expect(!WrittenType.same("[[String: Int]]", "[String: [Int]]"))
        #expect(!WrittenType.same("Set<Int>", "[Int]"))
    }

    @Test("an array of dictionaries is an array; a dictionary of arrays is a dictionary")
    func nestedCollections() {
        #expect(WrittenType("[[String: Int]]").structure == .array(.dictionary(key: .scalar(.string), value: .scalar(.int))))
        #expect(WrittenType("[String: [Int]]").structure == .dictionary(key: .scalar(.string), value: .array(.scalar(.int))))
        #expect(WrittenType("not a type ]").structure == nil)
    }

    @Test("made optional and unwrapped, keeping the user's spelling")
    func optionals() {
        #expect(WrittenType("String").madeOptional == "String?")
        #expect(WrittenType("any Shape").madeOptional == "(any Shape)?")
        #expect(WrittenType("(Int) -> Int").madeOptional == "((Int) -> Int)?")
        #expect(WrittenType("[any Shape]").madeOptional == "[any Shape]?")
        #expect(WrittenType("Optional<Swift.Int>").unwrapped == "Swift.Int")
        #expect(WrittenType("Date!").unwrapped == "Date")
        #expect(WrittenType("Optional<Int>").isOptional)
        #expect(!WrittenType("[Int?]").isOptional)
    }
}

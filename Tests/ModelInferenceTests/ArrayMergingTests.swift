import Testing

/// All elements of an array are one sample each: the model is what they have in common.
@Suite("infer: the shapes of all elements merged")
struct ArrayMergingTests {
    static let table: [(payload: String, properties: [String])] = [
        // A key missing in some elements is optional.
        (#"[{"id": 1, "nick": "a"}, {"id": 2}]"#, ["let id: Int", "let nick: String?"]),
        // A key null in some elements is optional.
        (#"[{"id": 1, "email": null}, {"id": 2, "email": "e"}]"#, ["let id: Int", "let email: String?"]),
        // Keys first seen in a later element come after, in the order first seen.
        (#"[{"b": true}, {"a": 1.5, "b": false}]"#, ["let b: Bool", "let a: Double?"]),
        // Null wherever it appears: a placeholder that decodes only null.
        (#"[{"gone": null}, {"gone": null}]"#, ["let gone: UnknownValue?"]),
        // Always empty arrays: any element type decodes them; the placeholder says so.
        (#"[{"tags": []}, {"tags": []}]"#, ["let tags: [UnknownValue]"]),
        // Empty in some elements, filled in others: the filled ones decide.
        (#"[{"tags": []}, {"tags": ["x"]}]"#, ["let tags: [String]"]),
        // Nested arrays merge at every level.
        (#"[{"rows": [[1], [2.5]]}, {"rows": [[null]]}]"#, ["let rows: [[Double?]]"]),
        // Elements of nested objects merge too: `c` is missing from one `inner`.
        (#"[{"inner": {"c": 1, "d": 2}}, {"inner": {"d": 3}}]"#, ["let inner: Inner"]),
    ]

    @Test("optional when missing or null in some element", arguments: table.indices)
    func merged(_ k: Int) throws {
        let (payload, expected) = Self.table[k]
        let source = try Inference.source(payload)
        #expect(Inference.properties("RootElement", in: source) == expected, "\(source)")
    }

    @Test func nestedObjectsOfAllElementsMerge() throws {
        let source = try Inference.source(#"[{"inner": {"c": 1, "d": 2}}, {"inner": {"d": 3}}]"#)
        #expect(Inference.properties("Inner", in: source) == ["let c: Int?", "let d: Int"])
    }

    @Test func aRootArrayIsATypealiasOfItsElement() throws {
        let source = try Inference.source(#"[{"id": 1}]"#)
        #expect(source.contains("typealias Root = [RootElement]\n"))
        #expect(try Inference.source("[]").contains("typealias Root = [UnknownValue]\n"))
        #expect(try Inference.source("[1, null]").contains("typealias Root = [Int?]\n"))
    }

    @Test func theNullPlaceholderIsDeclaredOnlyWhenUsed() throws {
        let with = try Inference.source(#"{"a": null}"#)
        #expect(with.contains("typealias UnknownValue = Never\n"))
        let without = try Inference.source(#"{"a": 1}"#)
        #expect(!without.contains("UnknownValue"))
    }
}

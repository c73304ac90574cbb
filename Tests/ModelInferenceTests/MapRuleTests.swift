import Testing

@testable import ModelInference

/// Objects used as dictionaries (ids, SKUs, dates as keys; keys that change from object to
/// object) become `[String: Value]`; objects with fixed keys stay structs.
@Suite("infer: objects used as maps become dictionaries")
struct MapRuleTests {
    static let table: [(payload: String, property: String)] = [
        (#"{"skus": {"MrSoapy_Bar_1": {"price": 4.5}, "LVNDR-300ml": {"price": 9}}}"#, "let skus: [String: Sku]"),
        (#"{"slots": {"2019-12-09": 4, "2019-12-10": 0}}"#, "let slots: [String: Int]"),
        (#"{"users": {"1": {"n": "a"}, "22": {"n": "b"}}}"#, "let users: [String: User]"),
        (#"{"byId": {"3F2504E0-4F89-11D3-9A0C-0305E82C3301": true}}"#, "let byId: [String: Bool]"),
        (#"{"commits": {"9fceb02d0ae598e95dc970b74767f19372d61af8": "msg"}}"#, "let commits: [String: String]"),
        // Values null in some entries: optional values.
        (#"{"slots": {"2019-12-09": 4, "2019-12-10": null}}"#, "let slots: [String: Int?]"),
        // Only ever empty: nothing says which properties it has.
        (#"{"metadata": {}}"#, "let metadata: [String: UnknownValue]"),
        // Names, not data: a struct, even when its values look alike.
        (#"{"byRoom": {"kitchen": {"min": 1}, "office": {"min": 2}}}"#, "let byRoom: ByRoom"),
        (#"{"address": {"line1": "a", "line2": "b"}}"#, "let address: Address"),
        // Keys that change from object to object, values all of one kind.
        (#"{"events": [{"a": 1, "b": 2, "c": 3, "d": 4}, {"e": 5, "f": 6, "g": 7, "h": 8}, {"i": 9}]}"#, "let events: [[String: Int]]"),
        // ...but not when the values differ in kind (a payload chosen by a `type` field).
        (#"{"events": [{"a": 1, "b": 2, "c": 3, "d": 4}, {"e": "5", "f": 6, "g": 7, "h": 8}, {"i": 9}]}"#, "let events: [Event]"),
    ]

    @Test("the property for", arguments: table.indices)
    func property(_ k: Int) throws {
        let (payload, property) = Self.table[k]
        let source = try Inference.source(payload)
        #expect(Inference.properties("Root", in: source) == [property], "\(source)")
    }

    @Test func allMapValuesMergeIntoOneType() throws {
        let source = try Inference.source(#"{"skus": {"A_1": {"price": 4.5, "stock": 1}, "B_2": {"price": 9}}}"#)
        #expect(Inference.properties("Sku", in: source) == ["let price: Double", "let stock: Int?"])
    }

    static func wide(_ value: (Int) -> String, count: Int = 40) -> String {
        let keys = (0..<count).map { "\"pref_\(["a", "b", "c", "d", "e"][$0 % 5])\(String(repeating: "x", count: $0))\": " + value($0) }
        return "{\"prefs\": {" + keys.joined(separator: ", ") + "}}"
    }

    @Test func aWideObjectOfUnlikeValuesStaysAStruct() throws {
        // Slack's `prefs`: dozens of flags and names in one object; its keys are its API.
        let source = try Inference.source(Self.wide { $0 % 3 == 0 ? "\"name\"" : "true" })
        #expect(Inference.properties("Root", in: source) == ["let prefs: Prefs"])
        #expect(Inference.properties("Prefs", in: source).count == 40)
        // Stripe's `resources`: objects, but not alike.
        let unlike = try Inference.source(Self.wide { "{\"k\($0)\": 1}" })
        #expect(Inference.properties("Root", in: unlike) == ["let prefs: Prefs"])
    }

    @Test func manyKeysWithOneShapeAreAMap() throws {
        let flags = try Inference.source(Self.wide { _ in "true" })
        #expect(Inference.properties("Root", in: flags) == ["let prefs: [String: Bool]"])
        let users = try Inference.source(Self.wide { "{\"age\": \($0), \"email\": \"e\"}" })
        #expect(Inference.properties("Root", in: users) == ["let prefs: [String: Pref]"])
        // Below the threshold a handful of alike values stays a struct (`byRoom` above).
        let few = try Inference.source(Self.wide({ _ in "true" }, count: 19))
        #expect(Inference.properties("Root", in: few) == ["let prefs: Prefs"])
    }

    static let keys: [(key: String, isData: Bool)] = [
        ("42", true), ("-7", true), ("2019-12-09", true), ("MrSoapy_Bar_1", true), ("LVNDR-300ml", true),
        ("3F2504E0-4F89-11D3-9A0C-0305E82C3301", true), ("9fceb02d0ae598e9", true), ("3d", true),
        ("name", false), ("line1", false), ("v2", false), ("created_at", false), ("x-ratelimit-reset", false),
        ("deadbeef", false), ("", false),
    ]

    @Test("a key that reads as data", arguments: keys.indices)
    func key(_ k: Int) {
        let (key, isData) = Self.keys[k]
        #expect(MapDetector.looksLikeData(key) == isData, "\(key)")
    }
}

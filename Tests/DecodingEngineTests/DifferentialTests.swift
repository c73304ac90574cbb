import Foundation
import ModelSchema
import Testing

@testable import DecodingEngine

/// Holds the engine to its one promise: for the same models, payload, type and strategies,
/// it reports what the compiled models decoded by `JSONDecoder` report, character for character.
@Suite("Differential: engine matches compiled models decoded by JSONDecoder")
struct DifferentialTests {
    static let product = #"{"id": 1, "name": "Soap", "description": "Bar", "price": 2.5}"#

    static let cases: [DifferentialCase] = [
        // Structs: success, missing key, null, wrong kinds.
        .init(
            name: "product decodes", type: "Product",
            payload:
                #"{"id": 1, "name": "Soap", "description": "Bar", "price": 2.5, "tags": ["a"], "discount": {"percent": 10, "code": "X"}}"#),
        .init(name: "missing key", type: "Product", payload: #"{"id": 1, "name": "Soap", "price": 2.5}"#),
        .init(name: "null for non-optional", type: "Product", payload: #"{"id": 1, "name": null, "description": "Bar", "price": 2.5}"#),
        .init(name: "string for Int", type: "Product", payload: #"{"id": "1", "name": "Soap", "description": "Bar", "price": 2.5}"#),
        .init(
            name: "object for array", type: "Product",
            payload: #"{"id": 1, "name": "Soap", "description": "Bar", "price": 2.5, "tags": {}}"#),
        .init(
            name: "null element in [String]?", type: "Product",
            payload: #"{"id": 1, "name": "Soap", "description": "Bar", "price": 2.5, "tags": ["a", null]}"#),
        .init(name: "array for struct", type: "Product", payload: "[]"),
        .init(name: "null root", type: "Product", payload: "null"),
        .init(
            name: "string for nested struct", type: "Product",
            payload: #"{"id": 1, "name": "Soap", "description": "Bar", "price": 2.5, "discount": "10%"}"#),
        .init(
            name: "optional nested struct null", type: "Product",
            payload: #"{"id": 1, "name": "Soap", "description": "Bar", "price": 2.5, "discount": null}"#),
        .init(
            name: "optional nested struct missing key", type: "Product",
            payload: #"{"id": 1, "name": "Soap", "description": "Bar", "price": 2.5, "discount": {"percent": 5}}"#),
        // Numbers that do not fit.
        .init(
            name: "300 into UInt8", type: "Product",
            payload: #"{"id": 1, "name": "Soap", "description": "Bar", "price": 2.5, "discount": {"percent": 300, "code": "X"}}"#),
        .init(name: "1.5 into Int", type: "Stats", payload: #"{"small": 1, "count": 1.5, "ratio": 1, "values": []}"#),
        .init(name: "1e400 into Double", type: "Stats", payload: #"{"small": 1, "count": 1, "ratio": 1e400, "values": []}"#),
        .init(
            name: "overflow in [Int64]", type: "Stats",
            payload: #"{"small": 1, "count": 1, "ratio": 1, "values": [1, 12345678901234567890]}"#),
        .init(name: "stats decode", type: "Stats", payload: #"{"small": 255, "count": -3, "ratio": 0.1, "values": [1, 2]}"#),
        // Arrays of structs.
        .init(
            name: "error at index 2", type: "ProductCategory",
            payload: #"{"title": "T", "products": [\#(product), \#(product), {"id": 3, "name": "X", "price": 1}]}"#),
        .init(
            name: "type error at index 1", type: "ProductCategory",
            payload: #"{"title": "T", "products": [\#(product), {"id": true, "name": "X", "description": "d", "price": 1}]}"#),
        .init(name: "top-level array", type: "[Product]", payload: #"[\#(product), 5]"#),
        .init(name: "top-level array decodes", type: "[Song]", payload: #"[{"title": "a", "seconds": 3}]"#),
        // CodingKeys renames and non-decoded properties.
        .init(name: "renamed decodes", type: "Renamed", payload: #"{"product_id": 7, "display_name": "N", "note": "ignored"}"#),
        .init(name: "renamed missing key", type: "Renamed", payload: #"{"productID": 7, "display_name": "N"}"#),
        .init(name: "renamed both missing", type: "Renamed", payload: #"{}"#),
        // A `let` with an initial value is never decoded; a `var` with one still is.
        .init(name: "let with a value is not read", type: "Defaulted", payload: #"{"id": 1, "note": "x"}"#),
        .init(name: "let with a value ignores a wrong kind", type: "Defaulted", payload: #"{"id": 1, "kind": 5, "note": "x"}"#),
        .init(name: "var with a value is required", type: "Defaulted", payload: #"{"id": 1, "kind": "k"}"#),
        // Raw-value enums.
        .init(name: "enum unknown value", type: "Order", payload: #"{"status": "lost"}"#),
        .init(name: "enum empty string", type: "Order", payload: #"{"status": ""}"#),
        .init(name: "enum wrong kind", type: "Order", payload: #"{"status": 3}"#),
        .init(name: "int enum unknown", type: "Order", payload: #"{"status": "shipped", "priority": 3}"#),
        .init(name: "enums decode", type: "Order", payload: #"{"status": "shipped", "priority": 5}"#),
        .init(name: "top-level raw enum", type: "[OrderStatus]", payload: #"["pending", "gone"]"#),
        // Associated-value enums.
        .init(
            name: "shape decodes", type: "[Shape]",
            payload: #"[{"circle": {"radius": 2}}, {"point": {}}, {"pair": {"_0": 1, "label": "x"}}, {"pair": {"_0": 2}}]"#),
        .init(name: "shape two keys", type: "Shape", payload: #"{"circle": {"radius": 2}, "point": {}}"#),
        .init(name: "shape unknown case", type: "Shape", payload: #"{"square": {}}"#),
        .init(name: "shape missing value", type: "Shape", payload: #"{"circle": {}}"#),
        .init(name: "shape payload not object", type: "Shape", payload: #"{"point": 5}"#),
        .init(name: "shape nested type error", type: "Shape", payload: #"{"pair": {"_0": "one"}}"#),
        // Dictionaries.
        .init(name: "dictionary decodes", type: "Inventory", payload: #"{"stock": {"a": \#(product)}, "counts": {"1": 2}}"#),
        .init(
            name: "dictionary of structs error", type: "Inventory", payload: #"{"stock": {"a": \#(product), "b": {"id": 2}}, "counts": {}}"#
        ),
        .init(name: "dictionary Int key not a number", type: "Inventory", payload: #"{"stock": {}, "counts": {"x": 2}}"#),
        .init(name: "dictionary as array", type: "Inventory", payload: #"{"stock": [], "counts": {}}"#),
        .init(name: "top-level dictionary", type: "[String: Song]", payload: #"{"s": {"title": "a", "seconds": -1}}"#),
        // Generics.
        .init(name: "generic decodes", type: "PageEntity<Song>", payload: #"{"page": 1, "results": [{"title": "a", "seconds": 60}]}"#),
        .init(
            name: "generic error", type: "PageEntity<Song>",
            payload: #"{"page": 1, "results": [{"title": "a", "seconds": 60}, {"title": "b", "seconds": 70000}]}"#),
        .init(name: "generic missing", type: "PageEntity<Song>", payload: #"{"page": 1, "results": [{"seconds": 60}]}"#),
        // Key strategy.
        .init(
            name: "snake_case decodes", type: "Account",
            payload: #"{"user_name": "u", "line_items": [{"unit_price": 1.5, "item_count": 2}]}"#,
            options: .init(keys: .convertFromSnakeCase)),
        .init(
            name: "snake_case nested error", type: "Account",
            payload: #"{"user_name": "u", "line_items": [{"unit_price": 1.5, "item_count": "2"}]}"#,
            options: .init(keys: .convertFromSnakeCase)),
        .init(
            name: "snake_case missing nested", type: "Account", payload: #"{"user_name": "u", "line_items": [{"unit_price": 1.5}]}"#,
            options: .init(keys: .convertFromSnakeCase)),
        .init(
            name: "snake_case dictionary keys kept", type: "[String: Song]", payload: #"{"my_song": {"title": "a", "seconds": true}}"#,
            options: .init(keys: .convertFromSnakeCase)),
        // Dates, data, URL, UUID, Decimal.
        .init(
            name: "iso8601 decodes", type: "Event", payload: #"{"name": "e", "at": "2019-12-09T15:00:00Z"}"#,
            options: .init(dates: .iso8601)),
        .init(name: "iso8601 error", type: "Event", payload: #"{"name": "e", "at": "2019-12-09"}"#, options: .init(dates: .iso8601)),
        .init(
            name: "formatted error", type: "Event", payload: #"{"name": "e", "at": "09/12/2019"}"#,
            options: .init(dates: .formatted("yyyy-MM-dd"))),
        .init(
            name: "formatted decodes", type: "Event", payload: #"{"name": "e", "at": "2019-12-09"}"#,
            options: .init(dates: .formatted("yyyy-MM-dd"))),
        .init(
            name: "seconds decodes", type: "Event", payload: #"{"name": "e", "at": 1575903600}"#, options: .init(dates: .secondsSince1970)),
        .init(
            name: "milliseconds wrong kind", type: "Event", payload: #"{"name": "e", "at": "now"}"#,
            options: .init(dates: .millisecondsSince1970)),
        .init(name: "deferred date", type: "Event", payload: #"{"name": "e", "at": 10.5}"#),
        .init(
            name: "base64 error", type: "Blob",
            payload: #"{"payload": "not base64!", "link": "https://x.org", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#),
        .init(
            name: "blob decodes", type: "Blob",
            payload: #"{"payload": "aGk=", "link": "https://x.org/a?b=1", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#),
        .init(name: "URL error", type: "Blob", payload: #"{"payload": "aGk=", "link": "", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#),
        .init(name: "UUID error", type: "Blob", payload: #"{"payload": "aGk=", "link": "https://x.org", "id": "nope"}"#),
        .init(
            name: "deferred data", type: "Blob",
            payload: #"{"payload": [104, 105], "link": "https://x.org", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#,
            options: .init(data: .deferredToData)),
        .init(name: "Decimal from string", type: "Money", payload: #"{"amount": "12.50"}"#),
        .init(name: "Decimal decodes", type: "Money", payload: #"{"amount": 12.50}"#),
        // Non-conforming floats and JSON5.
        .init(name: "NaN string throws", type: "Floats", payload: #"{"x": "NaN", "y": 1}"#),
        .init(
            name: "NaN converted", type: "Floats", payload: #"{"x": "-inf", "y": 0.1}"#,
            options: .init(floats: .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "NaN"))),
        .init(name: "JSON5", type: "Floats", payload: "{x: 1, y: .5, // c\n}", options: .init(allowsJSON5: true)),
        // Optionals.
        .init(name: "optionals decode", type: "Maybe", payload: #"{"list": [null, {"percent": 1, "code": "c"}], "nested": null}"#),
        .init(name: "optional element error", type: "Maybe", payload: #"{"list": [null, {"percent": 1}]}"#),
        .init(name: "double optional wrong", type: "Maybe", payload: #"{"list": [], "nested": "x"}"#),
        .init(name: "class", type: "Animal", payload: #"{"name": 1}"#),
        // Key paths.
        .init(
            name: "at key path decodes", type: "[Song]", payload: #"{"data": {"items": [0, {"results": [{"title": "a", "seconds": 1}]}]}}"#,
            path: [.key("data"), .key("items"), .index(1), .key("results")]),
        .init(
            name: "at key path error", type: "Song", payload: #"{"data": {"items": [0, {"title": "a"}]}}"#,
            path: [.key("data"), .key("items"), .index(1)]),
        .init(
            name: "at key path snake_case", type: "LineItem", payload: #"{"line_items": [{"unit_price": "x", "item_count": 1}]}"#,
            options: .init(keys: .convertFromSnakeCase), path: [.key("line_items"), .index(0)]),
        .init(name: "at key path scalar", type: "Int", payload: #"{"a": [1, "2"]}"#, path: [.key("a"), .index(1)]),
        // Dictionaries with model keys, Int coding keys, per-case key order.
        .init(name: "CodingKeyRepresentable keys decode", type: "Palette", payload: #"{"byColor": {"red": 1}, "bySize": ["s", "x"]}"#),
        .init(name: "CodingKeyRepresentable unknown key", type: "Palette", payload: #"{"byColor": {"blue": 1}, "bySize": []}"#),
        .init(name: "pairs odd length", type: "Palette", payload: #"{"byColor": {}, "bySize": ["s"]}"#),
        .init(name: "pairs bad key", type: "Palette", payload: #"{"byColor": {}, "bySize": ["xl", "x"]}"#),
        .init(name: "pairs as object", type: "Palette", payload: #"{"byColor": {}, "bySize": {"s": "x"}}"#),
        .init(name: "Int coding keys decode", type: "IntKeyed", payload: #"{"a": 1, "b": "x"}"#),
        .init(name: "Int coding keys missing", type: "IntKeyed", payload: #"{}"#),
        .init(name: "case keys order", type: "Command", payload: #"{"move": {}}"#),
        .init(name: "empty struct from array", type: "Empty", payload: "[]"),
        .init(name: "empty struct", type: "Empty", payload: "{}"),
        .init(name: "at key path not found", type: "Song", payload: #"{"a": {"b": null}}"#, path: [.key("a"), .key("b")]),
        // Invalid JSON.
        .init(name: "invalid JSON", type: "Product", payload: #"{"id": 1,, }"#),
    ]

    @Test("every case gives the compiled program's result")
    func engineMatchesCompiledDecoder() throws {
        let compiled = try Harness.compiledResults(models: Fixtures.models, cases: Self.cases)
        #expect(compiled.count == Self.cases.count)
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: Fixtures.models)])
        #expect(!schema.hasErrors, "\(schema.diagnostics)")
        let engine = DecodingEngine(schema: schema)
        // The heaviest array of each payload decoded in parts of one element (``ArraySplit``).
        let inParts = DecodingEngine(schema: schema, splitting: .always())
        for (c, expected) in zip(Self.cases, compiled) {
            let type = try schema.resolve(c.type)
            let report = engine.decode(type, payload: Array(c.payload.utf8), at: c.path, options: c.options)
            #expect(Harness.line(report) == expected, "\(c.name)")
            let partsReport = inParts.decode(type, payload: Array(c.payload.utf8), at: c.path, options: c.options)
            #expect(Harness.line(partsReport) == expected, "\(c.name), in parts")
        }
    }
}

import Foundation
import ModelSchema
import TestSupport
import Testing

@testable import DecodingEngine

/// Every error lands on the node it is about, even where Foundation's coding path stops short.
@Suite("Locating errors on nodes")
struct LocationTests {
    struct Case: CustomStringConvertible {
        var name: String
        var type: String
        var payload: String
        var options = DecodeOptions()
        /// The real cause's explanation must contain this, when Foundation's path does not lead to the node.
        var cause: String?
        var description: String { name }
    }

    static let cases: [Case] = [
        .init(
            name: "keyNotFound on the object lacking the key", type: "ProductCategory",
            payload: "{\"title\": \"T\", \"products\": [\n  📍{\"id\": 3, \"name\": \"X\", \"price\": 1}\n]}"),
        .init(
            name: "typeMismatch on the value", type: "Product",
            payload: "{\"id\": 📍\"1\", \"name\": \"Soap\", \"description\": \"Bar\", \"price\": 2.5}"),
        .init(
            name: "valueNotFound on the null", type: "Product",
            payload: "{\"id\": 1,\n \"name\": 📍null, \"description\": \"Bar\", \"price\": 2.5}"),
        .init(
            name: "number too big for UInt8, despite an empty codingPath", type: "Product",
            payload:
                "{\"id\": 1, \"name\": \"S\", \"description\": \"B\", \"price\": 2.5, \"discount\": {\"percent\": 📍300, \"code\": \"X\"}}",
            cause: "300 does not fit in UInt8"),
        .init(
            name: "overflow inside an array of Int64", type: "Stats",
            payload: "{\"small\": 1, \"count\": 1, \"ratio\": 1, \"values\": [1, 📍12345678901234567890]}",
            cause: "does not fit in Int64"),
        .init(
            name: "fraction into Int", type: "Stats",
            payload: "{\"small\": 1, \"count\": 📍1.5, \"ratio\": 1, \"values\": []}", cause: "fractional part"),
        .init(
            name: "iso8601 date whose key Foundation leaves out", type: "Event",
            payload: "{\"name\": \"e\", \"at\": 📍\"2019-12-09\"}", options: .init(dates: .iso8601), cause: "'at'"),
        .init(name: "raw-value enum on its value", type: "Order", payload: "{\"status\": 📍\"lost\"}"),
        .init(
            name: "snake_case nested value", type: "Account",
            payload: "{\"user_name\": \"u\", \"line_items\": [{\"unit_price\": 1, \"item_count\": 📍\"2\"}]}",
            options: .init(keys: .convertFromSnakeCase)),
        .init(
            name: "enum with two case keys on the enum's object", type: "Shape", payload: "📍{\"circle\": {\"radius\": 2}, \"point\": {}}"),
    ]

    @Test("the error's location is the marked node", arguments: cases)
    func errorLandsOnMarkedNode(_ c: Case) throws {
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: Fixtures.models)])
        let marked = MarkedText(c.payload)
        let report = DecodingEngine(schema: schema).decode(try schema.resolve(c.type), payload: Array(marked.text.utf8), options: c.options)
        let error = try #require(report.errors.first)
        #expect(error.location?.offset == marked.markerOffset)
        if let cause = c.cause {
            let real = try #require(error.realCause)
            #expect(real.location.offset == marked.markerOffset)
            #expect(real.explanation.contains(cause), "\(real.explanation)")
        } else {
            #expect(error.realCause == nil)
        }
    }

    @Test("the property being decoded is reported with the error")
    func propertyIsReported() throws {
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: Fixtures.models)])
        let payload = #"{"id": 1, "name": "S", "description": "B", "price": "cheap"}"#
        let report = DecodingEngine(schema: schema).decode(try schema.resolve("Product"), payload: Array(payload.utf8))
        #expect(report.errors.first?.property?.name == "price")
        #expect(report.errors.first?.property?.declarationText == "let price: Double")
    }

    @Test("invalid JSON carries the parse error's position")
    func invalidJSONHasParseError() throws {
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: Fixtures.models)])
        let report = DecodingEngine(schema: schema).decode(try schema.resolve("Product"), payload: Array("{\"id\": 1,,}".utf8))
        #expect(report.errors.first?.kind == .dataCorrupted)
        #expect(report.errors.first?.debugDescription == "The given data was not valid JSON.")
        #expect(report.parseError?.location.column == 10)
    }
}

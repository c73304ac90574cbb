import ModelSchema
import Testing

/// A hand-written `init(from:)` read into its container calls: each receiver followed back to the
/// binding that made it (its depth below the decoder, its key enum), each key to its case, each
/// result to the property it is assigned to; the ranges a fix edits point at the right text.
@Suite struct HandWrittenInitTests {
    static let text = """
        import Foundation

        struct Shipment: Decodable {
            let id: Int
            let city: String?
            let legs: [String]

            enum CodingKeys: String, CodingKey { case id = "shipment_id", route }
            enum RouteKeys: String, CodingKey { case city, legs }
        }

        extension Shipment {
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                self.id = try container.decode(Int.self, forKey: .id)
                let route = try container.nestedContainer(keyedBy: RouteKeys.self, forKey: .route)
                city = try route.decodeIfPresent(String.self, forKey: RouteKeys.city)
                var legs = try route.nestedUnkeyedContainer(forKey: .legs)
                var names: [String] = []
                while !legs.isAtEnd { names.append(try legs.decode(String.self)) }
                self.legs = names
            }
        }
        """

    @Test("calls, receivers, depths, keys and assigned properties of an init(from:) in an extension")
    func readsTheCalls() throws {
        let schema = Schema(sources: [ModelSource(path: "/m/Shipment.swift", text: Self.text)])
        let initializer = try #require(schema.handWrittenInit(of: "Shipment"))
        #expect(initializer.firstLine == 13)
        #expect(initializer.lines.first == "    init(from decoder: Decoder) throws {")
        #expect(initializer.keyEnums["CodingKeys"] == ["id": "shipment_id", "route": "route"])
        let summary = initializer.calls.map { call in
            [
                call.receiver.rawValue, call.method, call.keyCase ?? "-", call.keyEnum ?? "-", call.typeText ?? "-",
                call.depth.map(String.init) ?? "?", call.property ?? "-", String(call.location.line),
            ].joined(separator: " ")
        }
        #expect(
            summary == [
                "decoder container - - CodingKeys 0 - 14",
                "keyed decode id CodingKeys Int 0 id 15",
                "keyed nestedContainer route CodingKeys RouteKeys 0 - 16",
                "keyed decodeIfPresent city RouteKeys String 1 city 17",
                "keyed nestedUnkeyedContainer legs RouteKeys - 1 - 18",
                "unkeyed decode - - String 2 - 20",
            ])
        #expect(initializer.keyCases(for: "shipment_id") == ["id"])
        #expect(initializer.keyCases(for: "city", in: "RouteKeys") == ["city"])
        // The ranges a fix rewrites.
        let bytes = Array(Self.text.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let decodeID = initializer.calls[1]
        #expect(text(decodeID.methodRange) == "decode")
        #expect(text(try #require(decodeID.typeRange)) == "Int")
        #expect(text(decodeID.methodRange.lowerBound..<decodeID.callEnd) == "decode(Int.self, forKey: .id)")
        let city = try #require(initializer.properties["city"])
        #expect(text(city.typeRange) == "String?")
        #expect(city.file == "/m/Shipment.swift")
    }

    @Test("a type without a hand-written init(from:) has none")
    func synthesizedHasNone() {
        let schema = Schema(sources: [ModelSource(path: "/m/A.swift", text: "struct A: Decodable { let x: Int }\n")])
        #expect(schema.handWrittenInit(of: "A") == nil)
        #expect(schema.handWrittenInit(of: "Missing") == nil)
    }

    @Test("a container assigned again (a loop that follows a key path) has a kind and no static depth")
    func aReassignedContainerHasNoDepth() throws {
        let text = """
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }

            struct At: Decodable {
                let value: Int

                init(from decoder: Decoder) throws {
                    var container = try decoder.container(keyedBy: Key.self)
                    for name in ["data", "page"] {
                        container = try container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: name))
                    }
                    let fixed = try decoder.container(keyedBy: Key.self)
                    value = try container.decode(Int.self, forKey: Key(stringValue: "count"))
                    _ = try fixed.decodeIfPresent(Int.self, forKey: Key(stringValue: "count"))
                }
            }
            """
        let schema = Schema(sources: [ModelSource(path: "/m/At.swift", text: text)])
        let initializer = try #require(schema.handWrittenInit(of: "At"))
        let decode = try #require(initializer.calls.first { $0.method == "decode" })
        #expect(decode.receiver == .keyed && decode.depth == nil, "its depth is the run's: \(decode)")
        let fixed = try #require(initializer.calls.first { $0.method == "decodeIfPresent" })
        #expect(fixed.receiver == .keyed && fixed.depth == 0)
    }
}

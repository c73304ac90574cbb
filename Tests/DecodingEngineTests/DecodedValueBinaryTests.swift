import Foundation
import Testing

@testable import DecodingEngine

/// The decoded value crosses from the worker to the explorer in ``DecodedValueBinary``'s form:
/// what the explorer's value view shows must be exactly what the worker decoded.
@Suite("Decoded value in binary form")
struct DecodedValueBinaryTests {
    static let value: DecodedValue = .object(
        type: "Page<Song>",
        [
            .init(
                "items",
                .array([
                    .object(
                        type: "Song",
                        [
                            .init("id", .signed(Int64.min)), .init("plays", .unsigned(UInt64.max)),
                            .init("title", .string("Ça va 🎸 \u{0}\u{2028}")), .init("rating", .floating(-0.0, description: "-0.0")),
                            .init("peak", .floating(.infinity, description: "inf")), .init("ratio", .floating(0.1, description: "0.1")),
                            .init("price", .decimal(Decimal(string: "-12345678901234567890.123456789")!)),
                            .init("released", .date(Date(timeIntervalSinceReferenceDate: -978_307_200.125))),
                            .init("artwork", .data(Data([0, 255, 7]))), .init("link", .url(URL(string: "relative/path?q=a%20b#f")!)),
                            .init("uuid", .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)),
                            .init("genre", .rawValueCase(name: "rock", rawValue: .string("ROCK"))),
                            .init(
                                "kind", .enumCase(name: "live", values: [.init("venue", .string("Paradiso")), .init("_1", .signed(1977))])),
                            .init("empty", .enumCase(name: "none", values: [])),
                            .init("tags", .dictionary([.init("a", .bool(true)), .init("", .bool(false)), .init("n", .null)])),
                        ]),
                    // The same type and field names again: written by number the second time.
                    .object(type: "Song", [.init("id", .signed(42)), .init("plays", .unsigned(0)), .init("title", .string(""))]),
                ])),
            .init("next", .null),
        ])

    @Test("every kind of value reads back equal, names repeated by number")
    func roundTrip() throws {
        let bytes = DecodedValueBinary.encode(Self.value)
        #expect(try DecodedValueBinary.decode(bytes) == Self.value)
        // "Song" and "title" are spelled once each.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.components(separatedBy: "Song\u{5}").count == 2 || text.components(separatedBy: "Song").count == 3,
            "the type name is written once (and once inside Page<Song>)")
        #expect(text.components(separatedBy: "title").count == 2)
    }

    @Test("cut anywhere or corrupted, the bytes are refused, never a crash or a wrong value")
    func truncatedIsRefused() {
        let bytes = DecodedValueBinary.encode(Self.value)
        for end in 0..<bytes.count {
            #expect(throws: DecodedValueBinary.Unreadable.self) { try DecodedValueBinary.decode(bytes[..<end]) }
        }
        #expect(throws: DecodedValueBinary.Unreadable.self) { try DecodedValueBinary.decode(bytes + [0]) }
        #expect(throws: DecodedValueBinary.Unreadable.self) { try DecodedValueBinary.decode([99]) }
        // A count that claims more items than there are bytes.
        #expect(throws: DecodedValueBinary.Unreadable.self) { try DecodedValueBinary.decode([12, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) }
    }

    /// Names are written once and then by number, matched by their exact bytes: a type and a
    /// field spelled "café" with one scalar and with two are two names, and each reads back as
    /// it was spelled (String's `==` would hold them equal and send one for both).
    @Test func canonicallyEquivalentNamesKeepTheirBytes() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let value: DecodedValue = .object(
            type: composed, [.init(composed, .signed(1)), .init(decomposed, .object(type: decomposed, []))])
        guard case .object(let type, let fields) = try DecodedValueBinary.decode(DecodedValueBinary.encode(value)) else {
            Issue.record("not an object")
            return
        }
        #expect(Array(type.utf8) == Array(composed.utf8))
        #expect(fields.map { Array($0.name.utf8) } == [Array(composed.utf8), Array(decomposed.utf8)])
        guard case .object(let inner, _) = fields[1].value else {
            Issue.record("not an object")
            return
        }
        #expect(Array(inner.utf8) == Array(decomposed.utf8))
    }
}

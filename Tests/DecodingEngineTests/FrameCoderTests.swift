import CodableExplorerRunner
import Foundation
import TestSupport
import Testing

/// The channels' binary coder (``FrameEncoder``, ``FrameDecoder``) against Foundation's JSON coders,
/// which it replaced: every value comes back as JSON brings it back, and a message that does not
/// fit the type asked for fails as `JSONDecoder` fails on the same value's JSON (the same case,
/// the same coding path); bytes that are not a message are refused, never a crash.
@Suite struct FrameCoderTests {
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case polygon([Point], closed: Bool)
        case empty
    }

    struct Point: Codable, Equatable, Hashable {
        var x: Int
        var y: Int
    }

    enum Kind: String, Codable { case one, two }

    /// A value written as one string (a single value container), as a model's wrapper would be.
    struct Celsius: Codable, Equatable {
        var degrees: Double
        init(_ degrees: Double) { self.degrees = degrees }
        init(from decoder: any Decoder) throws { degrees = try decoder.singleValueContainer().decode(Double.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(degrees)
        }
    }

    struct Message: Codable, Equatable {
        var name: String
        var note: String?
        var count: Int
        var small: Int8
        var big: UInt64
        var negative: Int64
        var ratio: Double
        var single: Float
        var flag: Bool
        var kind: Kind
        var kinds: [Kind]
        var shapes: [Shape]
        var byName: [String: Point]
        var byNumber: [Int: String]
        var byPoint: [Point: Int]
        var nested: [[Int?]]
        var temperature: Celsius
        var bytes: [UInt8]
        var data: Data
        var maybe: Point?
        var empty: [String: [Int]]
    }

    static let message = Message(
        name: "caf\u{E9} \u{1F600} \"quoted\"\n", note: nil, count: Int.min, small: -128, big: UInt64.max, negative: -1,
        ratio: 0.1, single: 3.25, flag: true, kind: .two, kinds: [.one, .two, .one],
        shapes: [.circle(radius: 2.5), .polygon([Point(x: 1, y: -2), Point(x: 0, y: 0)], closed: false), .empty],
        byName: ["a": Point(x: 1, y: 2), "": Point(x: 0, y: 0)], byNumber: [3: "three", -1: "minus one"],
        byPoint: [Point(x: 9, y: 9): 81], nested: [[1, nil, 3], [], [nil]], temperature: Celsius(-40), bytes: [0, 127, 128, 255],
        data: Data([1, 2, 3, 0, 255]), maybe: Point(x: Int.max, y: 0), empty: [:])

    @Test func everyKindOfValueComesBackAsJSONBringsItBack() throws {
        let binary = try FrameDecoder().decode(Message.self, from: FrameEncoder().encode(Self.message))
        let json = try JSONDecoder().decode(Message.self, from: JSONEncoder().encode(Self.message))
        #expect(binary == Self.message)
        #expect(binary == json)
    }

    @Test func floatsJSONCannotWriteComeBackAsThemselves() throws {
        let values: [Double] = [.infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        let back = try FrameDecoder().decode([Double].self, from: FrameEncoder().encode(values))
        #expect(back == values)
        #expect(back[2].sign == .minus)
        let nan = try FrameDecoder().decode(Double.self, from: FrameEncoder().encode(Double.nan))
        #expect(nan.isNaN)
    }

    /// A node table of a large payload (a `Data`, a `[UInt8]`) crosses as its bytes, a few more
    /// than it holds, wherever it sits: alone, under a key, in an array, behind a single value.
    @Test func bytesCrossAsTheyAre() throws {
        let million = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let alone = try FrameEncoder().encode(million)
        #expect(alone.count <= million.count + 8)
        #expect(try FrameDecoder().decode(Data.self, from: alone) == million)
        let array = Array(million)
        #expect(try FrameDecoder().decode([UInt8].self, from: FrameEncoder().encode(array)) == array)
        struct Table: Codable, Equatable {
            var codes: Data
            var ids: [[UInt8]]
            var wrapped: Celsius
        }
        let table = Table(codes: million, ids: [[], [7], array], wrapped: Celsius(1))
        let encoded = try FrameEncoder().encode(table)
        #expect(encoded.count <= 2 * million.count + 64)
        #expect(try FrameDecoder().decode(Table.self, from: encoded) == table)
        // Bytes where a string is asked for: a type mismatch, never the bytes read as text.
        #expect(
            Self.failure(Named.self) { try FrameDecoder().decode(Named.self, from: FrameEncoder().encode(["name": Data([1])])) }
                == "typeMismatch at name")
    }

    /// A class that encodes its superclass's values through a super encoder, and one that writes
    /// nothing at all: both as `JSONEncoder` has them.
    class Base: Codable {
        var id = 0
    }

    final class Derived: Base {
        var label = ""

        enum Keys: String, CodingKey { case label }

        override init() { super.init() }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            label = try container.decode(String.self, forKey: .label)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(label, forKey: .label)
            try super.encode(to: container.superEncoder())
        }
    }

    struct Nothing: Codable, Equatable {
        init() {}
        init(from decoder: any Decoder) throws {}
        func encode(to encoder: any Encoder) throws {}
    }

    @Test func superEncodersAndValuesThatWriteNothingComeBack() throws {
        let derived = Derived()
        derived.id = 42
        derived.label = "x"
        let back = try FrameDecoder().decode(Derived.self, from: FrameEncoder().encode(derived))
        #expect(back.id == 42 && back.label == "x")
        let nothing = try FrameDecoder().decode([Nothing].self, from: FrameEncoder().encode([Nothing(), Nothing()]))
        #expect(nothing.count == 2)
    }

    /// The case and coding path of what `decode` throws, to compare the two decoders by.
    static func failure<T: Decodable>(_ type: T.Type, _ decode: () throws -> T) -> String {
        do {
            _ = try decode()
            return "decodes"
        } catch let error as DecodingError {
            let (name, context): (String, DecodingError.Context) =
                switch error {
                case .keyNotFound(let key, let context): ("keyNotFound \(key.stringValue)", context)
                case .typeMismatch(_, let context): ("typeMismatch", context)
                case .valueNotFound(_, let context): ("valueNotFound", context)
                case .dataCorrupted(let context): ("dataCorrupted", context)
                @unknown default: ("unknown", DecodingError.Context(codingPath: [], debugDescription: ""))
                }
            return name + " at " + context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        } catch {
            return "another error: \(error)"
        }
    }

    /// Decodes the message, written from `value`, as `T`, with both coders: the same verdict.
    func expectSameFailure<V: Encodable, T: Decodable>(_ value: V, as type: T.Type, _ expected: String) throws {
        let binary = Self.failure(type) { try FrameDecoder().decode(type, from: try FrameEncoder().encode(value)) }
        let json = Self.failure(type) { try JSONDecoder().decode(type, from: try JSONEncoder().encode(value)) }
        #expect(binary == json)
        #expect(binary == expected)
    }

    struct Named: Codable { var name: String }
    struct Counted: Codable { var count: Int }
    struct Listed: Codable { var items: [Counted] }
    struct Byte: Codable { var count: UInt8 }
    struct Required: Codable { var note: String }
    struct Optional_: Codable { var note: String? }

    @Test func aMessageOfAnotherShapeFailsAsJSONWould() throws {
        try expectSameFailure(Counted(count: 3), as: Named.self, "keyNotFound name at ")
        try expectSameFailure(["name": 3], as: Named.self, "typeMismatch at name")
        try expectSameFailure(["items": [["count": 1], ["count": 2], ["amount": 3]]], as: Listed.self, "keyNotFound count at items.2")
        try expectSameFailure(["items": [["count": "1"]]], as: Listed.self, "typeMismatch at items.0.count")
        try expectSameFailure(Optional_(note: nil), as: Required.self, "keyNotFound note at ")
        try expectSameFailure(["note": String?.none], as: Required.self, "valueNotFound at note")
        try expectSameFailure([1, 2], as: [String].self, "typeMismatch at 0")
        try expectSameFailure("text", as: [Int].self, "typeMismatch at ")
        try expectSameFailure([Counted(count: 1)], as: [Counted?].self, "decodes")
        // A number too large for its type: the same case, but the path names the number's key where
        // Foundation names the object holding it.
        let tooLarge = try FrameEncoder().encode(Counted(count: 300))
        #expect(Self.failure(Byte.self) { try FrameDecoder().decode(Byte.self, from: tooLarge) } == "dataCorrupted at count")
        #expect(
            Self.failure(Byte.self) { try JSONDecoder().decode(Byte.self, from: JSONEncoder().encode(Counted(count: 300))) }
                == "dataCorrupted at ")
    }

    @Test func bytesThatAreNotAMessageAreRefusedNeverACrash() throws {
        let bytes = try FrameEncoder().encode(Self.message)
        // Cut anywhere: refused.
        for end in 0..<bytes.count {
            #expect(throws: DecodingError.self) { try FrameDecoder().decode(Message.self, from: Array(bytes.prefix(end))) }
        }
        // One more byte after the message: refused.
        #expect(throws: DecodingError.self) { try FrameDecoder().decode(Message.self, from: bytes + [0]) }
        // Any byte changed to any value: refused or read as some message, never a trap.
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<4000 {
            var changed = bytes
            changed[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            _ = try? FrameDecoder().decode(Message.self, from: changed)
        }
        // A length that claims more than there is, and a number of too many bytes.
        #expect(throws: DecodingError.self) { try FrameDecoder().decode(String.self, from: [7, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) }
        #expect(throws: DecodingError.self) { try FrameDecoder().decode(Int.self, from: [3] + Array(repeating: 0xFF, count: 11) + [1]) }
    }
}

import CodableExplorerRunner
import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodingEngine

/// A report's errors cross from the worker to `check` and the explorer in
/// ``LocatedErrorsBinary``'s form: what they show must be exactly what the engine found, as the
/// JSON the errors crossed in before gave it.
@Suite("Located errors in binary form")
struct LocatedErrorsBinaryTests {
    /// Every scenario of the guided tour decoded in all-errors mode, as `check --all-errors` does.
    static func tourErrors() throws -> [LocatedDecodingError] {
        var errors: [LocatedDecodingError] = []
        for scenario in try SampleTour.schemaScenarios() {
            let folder = scenario.folder
            let schema = try Schema.load(paths: [folder.appendingPathComponent("Models.swift").path])
            var options = try scenario.options
            options.allErrors = true
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("payload.json")))
            let tree = try JSONTree.parse(bytes, options: .init(json5: options.allowsJSON5, detectsDuplicateKeys: false))
            let node = try NodePath(parsing: scenario.file.path ?? "").resolve(in: tree).get()
            let report = DecodingEngine(schema: schema).decode(
                try schema.resolve(scenario.file.type), payload: bytes, tree: tree, at: node, options: options)
            errors += report.errors
        }
        return errors
    }

    /// An error of the model's own type, as compiled mode locates what its runner reports.
    static func otherError() throws -> LocatedDecodingError {
        let bytes = Array(#"{"orders": [{"id": 1}, {"id": -4}]}"#.utf8)
        let failure = RunnerReply.Failure(
            kind: .other, codingPath: [.init(key: "orders"), .init(index: 1), .init(key: "id")],
            debugDescription: "ValidationError(field: \"id\", reason: \"negative\")", errorType: "Models.ValidationError")
        let compiled = CompiledDecoder(models: [], typeExpressions: [])
        return compiled.locate(failure, in: try JSONTree.parse(bytes), keys: .useDefaultKeys)
    }

    /// 300 records, each failing one of four ways, in all-errors mode: strings, keys and
    /// properties repeat from error to error.
    static func manyErrors() throws -> [LocatedDecodingError] {
        let schema = Schema(sources: [
            ModelSource(path: "Models.swift", text: "struct R: Decodable { let name: String; let age: Int; let size: UInt8 }")
        ])
        let records = (0..<300).map { i in
            switch i % 4 {
            case 0: #"{"name": "n\#(i)", "age": "x", "size": 1}"#
            case 1: #"{"age": \#(i), "size": 2}"#
            case 2: #"{"name": null, "age": 1, "size": 3}"#
            default: #"{"name": "é\#(i)", "age": 2, "size": 300}"#
            }
        }
        let bytes = Array(("[" + records.joined(separator: ",\n") + "]").utf8)
        let report = DecodingEngine(schema: schema).decode(try schema.resolve("[R]"), payload: bytes, options: .init(allErrors: true))
        return report.errors
    }

    /// The JSON path the errors took before: the worker's encoder and decoder.
    static func throughJSON(_ errors: [LocatedDecodingError]) throws -> [LocatedDecodingError] {
        let data = try FrameEncoder().encode(errors)
        return try FrameDecoder().decode([LocatedDecodingError].self, from: data)
    }

    /// Byte for byte: `==` on strings holds canonically equivalent text equal.
    static func exactJSON(_ errors: [LocatedDecodingError]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(errors)
    }

    @Test("the tour's errors in all-errors mode read back equal, and equal to what the JSON path gives")
    func tourRoundTrip() throws {
        let errors = try Self.tourErrors() + [try Self.otherError()] + (try Self.manyErrors())
        // The fields this form writes are all exercised.
        for kind in [LocatedDecodingError.Kind.keyNotFound, .typeMismatch, .valueNotFound, .dataCorrupted, .other] {
            #expect(errors.contains { $0.kind == kind }, "no \(kind) error")
        }
        #expect(errors.contains { $0.realCause != nil })
        #expect(errors.contains { $0.reason != nil })
        #expect(errors.contains { $0.property != nil })
        #expect(errors.contains { $0.key != nil })
        #expect(errors.contains { $0.expectedType != nil })
        #expect(errors.contains { $0.errorType != nil })
        #expect(errors.contains { $0.node != nil && $0.location != nil })
        #expect(errors.contains { $0.codingPath.contains { if case .index = $0 { true } else { false } } })
        #expect(Set(errors.compactMap(\.property)).count > 3)

        let bytes = LocatedErrorsBinary.encode(errors)
        let decoded = try LocatedErrorsBinary.decode(bytes)
        #expect(decoded == errors)
        #expect(decoded == (try Self.throughJSON(errors)))
        #expect(try Self.exactJSON(decoded) == (try Self.exactJSON(errors)))
        // A part at a time, as the worker sends them.
        for start in stride(from: 0, to: errors.count, by: 512) {
            let part = Array(errors[start..<min(start + 512, errors.count)])
            #expect(try LocatedErrorsBinary.decode(LocatedErrorsBinary.encode(part)) == part)
        }
        #expect(try LocatedErrorsBinary.decode(LocatedErrorsBinary.encode([])) == [])
    }

    @Test("repeated strings and properties are written once each")
    func repeatsWrittenOnce() throws {
        let errors = try Self.manyErrors()
        try #require(errors.count == 300)
        let bytes = LocatedErrorsBinary.encode(errors)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "Expected to decode Int but found a string instead.").count == 2)
        // Each property's key names once each: three distinct properties fail (name, age, size).
        #expect(text.components(separatedBy: "declarationText").count == 4, "three distinct properties fail: name, age, size")
        #expect(bytes.count * 5 < (try Self.exactJSON(errors)).count, "\(bytes.count) bytes")
    }

    @Test("text that is canonically equivalent but spelled differently reads back as spelled")
    func canonicallyEquivalentTextKeepsItsBytes() throws {
        var composed = try #require(try Self.manyErrors().first { $0.kind == .keyNotFound })
        composed.key = "caf\u{E9}"
        composed.codingPath.append(.key("caf\u{E9}"))
        var decomposed = composed
        decomposed.key = "cafe\u{301}"
        decomposed.codingPath[decomposed.codingPath.count - 1] = .key("cafe\u{301}")
        try #require(composed == decomposed, "Swift holds them equal, so == alone cannot tell")
        let decoded = try LocatedErrorsBinary.decode(LocatedErrorsBinary.encode([composed, decomposed]))
        #expect(decoded.map { Array(($0.key ?? "").utf8) } == [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8)])
        #expect(try Self.exactJSON(decoded) == (try Self.exactJSON([composed, decomposed])))
    }

    @Test("cut anywhere or corrupted, the bytes are refused, never a crash")
    func truncatedIsRefused() throws {
        // One error of each shape the tour gives (kind, reason, real cause, property), and `other`.
        var shapes: Set<String> = []
        let errors = (try Self.tourErrors() + [try Self.otherError()]).filter { e in
            shapes.insert("\(e.kind) \(e.reason.map { "\($0)" } ?? "") \(e.realCause != nil) \(e.property != nil)").inserted
        }
        try #require(errors.count >= 8 && errors.contains { $0.realCause != nil } && errors.contains { $0.kind == .other })
        let bytes = LocatedErrorsBinary.encode(errors)
        for end in 0..<bytes.count {
            #expect(throws: LocatedErrorsBinary.Unreadable.self) { try LocatedErrorsBinary.decode(bytes[..<end]) }
        }
        #expect(throws: LocatedErrorsBinary.Unreadable.self) { try LocatedErrorsBinary.decode(bytes + [0]) }
        // Any byte flipped: an error, or errors of another shape, but never a trap.
        for i in bytes.indices {
            var flipped = bytes
            flipped[i] ^= 0xFF
            _ = try? LocatedErrorsBinary.decode(flipped)
        }
        // One error whose kind is a string not yet written.
        #expect(throws: LocatedErrorsBinary.Unreadable.self) { try LocatedErrorsBinary.decode([1, 5]) }
        // A kind that is none of the kinds.
        #expect(throws: LocatedErrorsBinary.Unreadable.self) {
            try LocatedErrorsBinary.decode([1, 0, 3] + Array("odd".utf8) + [0, 0, 1, 0, 0])
        }
        // A count of errors that claims more than there are bytes.
        #expect(throws: LocatedErrorsBinary.Unreadable.self) { try LocatedErrorsBinary.decode([0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) }
        // A debugDescription that is not UTF-8.
        let kind = [0, UInt8("keyNotFound".utf8.count)] + Array("keyNotFound".utf8)
        #expect(throws: LocatedErrorsBinary.Unreadable.self) { try LocatedErrorsBinary.decode([1] + kind + [0, 0, 0, 2, 0xC3, 0x28]) }
        // A coding path step of an unknown kind, and a property that is not a property's JSON.
        #expect(throws: LocatedErrorsBinary.Unreadable.self) { try LocatedErrorsBinary.decode([1] + kind + [0, 1, 7, 1]) }
        #expect(throws: LocatedErrorsBinary.Unreadable.self) {
            try LocatedErrorsBinary.decode([1] + kind + [64, 0, 0, 0, 0, 2, 0x7B, 0x7D])
        }
        // A property referred to before it is written.
        #expect(throws: LocatedErrorsBinary.Unreadable.self) { try LocatedErrorsBinary.decode([1] + kind + [64, 0, 0, 0, 1]) }
        // And that well-formed bytes just like these do read: the refusals above are for their faults.
        #expect(try LocatedErrorsBinary.decode([1] + kind + [0, 0, 0, 2, 0xC3, 0xA9]).first?.debugDescription == "é")
    }
}

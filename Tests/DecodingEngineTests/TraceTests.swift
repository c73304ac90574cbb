import Foundation
import ModelSchema
import Testing

@testable import DecodingEngine

/// The teaching view's trace reads like the synthesized `init(from:)` it stands for.
@Suite("Trace of container calls")
struct TraceTests {
    static let models = #"""
        struct Album: Codable { let name: String; let songs: [Song]; let year: Int? }
        struct Song: Codable { let title: String; let seconds: UInt16 }
        """#

    static func trace(_ payload: String) throws -> [String] {
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: models)])
        let report = DecodingEngine(schema: schema).decode(
            try schema.resolve("Album"), payload: Array(payload.utf8),
            options: .init(tracesCalls: true))
        return report.trace.map { entry in
            let result =
                switch entry.outcome {
                case .returned(let r): r
                case .threw(let kind, let text): "throws \(kind.rawValue): \(text)"
                }
            return String(repeating: "  ", count: entry.depth - 1) + entry.call + " -> " + result
        }
    }

    @Test("calls in order, nested calls indented under the call that leads to them")
    func readsLikeSynthesizedInit() throws {
        let lines = try Self.trace(#"{"name": "A", "songs": [{"title": "t", "seconds": 60}], "year": null}"#)
        #expect(
            lines == [
                "container(keyedBy: CodingKeys.self) -> KeyedDecodingContainer<CodingKeys>",
                #"decode(String.self, forKey: .name) -> "A""#,
                #"decode([Song].self, forKey: .songs) -> [{"title":"t","seconds":60}]"#,
                "  unkeyedContainer() -> UnkeyedDecodingContainer",
                #"  decode(Song.self) -> {"title":"t","seconds":60}"#,
                "    container(keyedBy: CodingKeys.self) -> KeyedDecodingContainer<CodingKeys>",
                #"    decode(String.self, forKey: .title) -> "t""#,
                "    decode(UInt16.self, forKey: .seconds) -> 60",
                "decodeIfPresent(Int.self, forKey: .year) -> null",
            ])
    }

    @Test("the failing call shows Foundation's error, and the calls that led to it fail too")
    func failureShowsError() throws {
        let lines = try Self.trace(#"{"name": "A", "songs": [{"title": "t", "seconds": -1}]}"#)
        #expect(lines.last == "    decode(UInt16.self, forKey: .seconds) -> throws dataCorrupted: The given data was not valid JSON.")
        #expect(lines.contains { $0.hasPrefix("decode([Song].self, forKey: .songs) -> throws") })
        #expect(!lines.contains { $0.contains("forKey: .year") }, "the decode stops at the first error")
    }
}

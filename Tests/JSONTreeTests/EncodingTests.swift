import Foundation
import Testing

@testable import JSONTree

/// Payloads in every encoding Foundation detects: same verdict, positions in the user's bytes.
@Suite struct EncodingTests {
    static let text = "{\n  \"name\": \"caf\u{E9} \u{1F600}\",\n  \"n\": 1\n}"

    static func encoded(_ encoding: String.Encoding, bom: [UInt8]) -> [UInt8] {
        bom + [UInt8](text.data(using: encoding)!)
    }

    static let cases: [(String, [UInt8], TextEncoding, Int)] = [
        ("UTF-8", encoded(.utf8, bom: []), .utf8, 1),
        ("UTF-8 BOM", encoded(.utf8, bom: [0xEF, 0xBB, 0xBF]), .utf8, 1),
        ("UTF-16LE", encoded(.utf16LittleEndian, bom: []), .utf16LittleEndian, 2),
        ("UTF-16LE BOM", encoded(.utf16LittleEndian, bom: [0xFF, 0xFE]), .utf16LittleEndian, 2),
        ("UTF-16BE", encoded(.utf16BigEndian, bom: []), .utf16BigEndian, 2),
        ("UTF-16BE BOM", encoded(.utf16BigEndian, bom: [0xFE, 0xFF]), .utf16BigEndian, 2),
        ("UTF-32LE", encoded(.utf32LittleEndian, bom: []), .utf32LittleEndian, 4),
        ("UTF-32BE BOM", encoded(.utf32BigEndian, bom: [0x00, 0x00, 0xFE, 0xFF]), .utf32BigEndian, 4),
    ]

    @Test(arguments: cases.map(\.0))
    func readsLikeFoundation(name: String) throws {
        let (_, bytes, encoding, unit) = Self.cases.first { $0.0 == name }!
        struct Model: Decodable { let name: String; let n: Int }
        let foundation = try? JSONDecoder().decode(Model.self, from: Data(bytes))
        let tree = try JSONTree.parse(bytes)
        #expect(tree.encoding == encoding)
        #expect(tree.isAcceptedByJSONDecoder == (foundation != nil))
        let nameNode = try #require(tree.member(tree.root, key: "name"))
        #expect(tree.stringValue(nameNode) == foundation?.name)
        // Line 3, column 8 is the `1` of `"n": 1`; its byte offset is in the user's encoding.
        let n = try #require(tree.member(tree.root, key: "n"))
        let location = tree.location(n)
        #expect(location.line == 3 && location.column == 8)
        let bomLength = TextEncoding.detect(bytes).bomLength
        let charactersBefore = Self.text.unicodeScalars.prefix { $0 != "1" }
        let unitsBefore = unit == 2 ? charactersBefore.reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) } : charactersBefore.count
        if unit > 1 { #expect(location.offset == bomLength + unitsBefore * unit) }
    }

    @Test func brokenUTF16IsReportedWithItsOffset() {
        // "[" then a lone high surrogate in UTF-16LE.
        let bytes: [UInt8] = [0x5B, 0x00, 0x00, 0xD8, 0x5D, 0x00]
        #expect(throws: JSONParseError.self) { try JSONTree.parse(bytes) }
        do { _ = try JSONTree.parse(bytes) } catch {
            #expect(error.location.offset == 2)
            #expect(error.message.contains("UTF-16LE"))
        }
    }
}

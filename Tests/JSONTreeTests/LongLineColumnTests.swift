import Testing

@testable import JSONTree

/// Columns count Unicode scalars from the line start, however long the line: a minified
/// payload puts every node on line 1.
@Suite("Columns on long lines")
struct LongLineColumnTests {
    /// One line of 3,000 members mixing 1- to 4-byte UTF-8 characters.
    static let text: [UInt8] = {
        let members = (0..<3_000).map { i in "\"k\(i)\":\"\(["a", "é", "中", "🎸"][i % 4])\(String(repeating: "ü", count: i % 7))\"" }
        return Array("{\(members.joined(separator: ","))}".utf8)
    }()

    @Test("the column of every node on a 60 KB line is its scalar count from the line start")
    func columnsMatchCountedScalars() throws {
        let tree = try JSONTree.parse(Self.text)
        var checked = 0
        for node in 0..<tree.nodeCount {
            let offset = tree.byteRange(node).lowerBound
            let expected = String(decoding: Self.text[..<offset], as: UTF8.self).unicodeScalars.count + 1
            let location = tree.location(ofTextOffset: offset)
            #expect(location.line == 1)
            #expect(location.column == expected, "node \(node) at byte \(offset)")
            checked += 1
        }
        #expect(checked == 3_001)
        // The end of the text, and offsets in the middle of a block, in decreasing order.
        for offset in stride(from: Self.text.count, through: 0, by: -997) {
            let expected = String(decoding: Self.text[..<offset], as: UTF8.self).unicodeScalars.count + 1
            #expect(tree.location(ofTextOffset: offset).column == expected, "byte \(offset)")
        }
    }
}

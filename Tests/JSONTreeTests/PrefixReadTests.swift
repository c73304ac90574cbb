import Foundation
import Testing

@testable import JSONTree

/// A large payload opens on its first megabyte (the explorer, as `less` shows a file's first screen
/// at once): the prefix's tree is the whole tree's first nodes, node for node, with the containers
/// still being read marked, so the whole tree can take its place under the same node IDs.
@Suite struct PrefixReadTests {
    /// A pretty-printed payload of the shape API responses have: an envelope, records, nesting.
    static let payload: [UInt8] = {
        var records: [String] = []
        for k in 0..<60 {
            records.append(
                """
                    {
                      "id": \(k),
                      "name": "record \(k) \\u00e9\\n",
                      "tags": ["a", "b"\(k % 3 == 0 ? ", \"c\"" : "")],
                      "owner": {"login": "user\(k)", "site_admin": \(k % 2 == 0)},
                      "score": \(Double(k) * 1.5),
                      "closed": null
                    }
                """)
        }
        let text = """
            {
              "object": "list",
              "data": [
            \(records.joined(separator: ",\n"))
              ],
              "has_more": false,
              "series": [1, 2, 3]
            }

            """
        return Array(text.utf8)
    }()

    /// Each cut after a line break: the prefix's tree against the whole tree, node by node.
    @Test func everyCutGivesTheWholeTreesFirstNodes() throws {
        let whole = try JSONTree.parse(Self.payload)
        var cuts = 0
        for (offset, byte) in Self.payload.enumerated() where byte == 0x0A && offset + 1 < Self.payload.count - 1 {
            let cut = offset + 1
            let prefixBytes = Array(Self.payload[..<cut])
            #expect(JSONTree.prefixLength(of: prefixBytes) == cut)
            let prefix = try #require(
                JSONTree.parsePrefix(prefixBytes, wholeByteCount: Self.payload.count), "the cut after byte \(offset)")
            cuts += 1
            #expect(prefix.isPrefix && !whole.isPrefix)
            #expect(prefix.payloadByteCount == Self.payload.count)
            #expect(prefix.structureError == nil)
            // The nodes that start before the cut, and no others.
            let expectedCount = (0..<whole.nodeCount).filter { whole.byteRange($0).lowerBound < cut }.count
            #expect(prefix.nodeCount == expectedCount, "cut at \(cut)")
            for node in 0..<prefix.nodeCount {
                #expect(prefix.kind(node) == whole.kind(node))
                #expect(prefix.parent(node) == whole.parent(node))
                #expect(prefix.key(node) == whole.key(node))
                #expect(prefix.location(node) == whole.location(node))
                // Cut: a container whose close lies past the cut; everything else is whole.
                let goesOn = whole.byteRange(node).upperBound > cut
                #expect(prefix.isCut(node) == (whole.kind(node).isContainer && goesOn), "node \(node), cut at \(cut)")
                if !goesOn {
                    #expect(prefix.byteRange(node) == whole.byteRange(node))
                    #expect(prefix.subtreeEnd(node) == whole.subtreeEnd(node))
                }
            }
        }
        #expect(cuts > 400)
    }

    /// What will not do as a prefix: the whole file then says what it says.
    @Test func aPrefixThatIsNotJSONUpToItsCutIsRefused() throws {
        let cut = try #require(JSONTree.prefixLength(of: Self.payload[..<400]))
        var broken = Array(Self.payload[..<cut])
        // A missing comma before the cut: the whole file's read stops there, with its error.
        let comma = try #require(broken.firstIndex(of: UInt8(ascii: ",")))
        broken[comma] = 0x20
        #expect(JSONTree.parsePrefix(broken, wholeByteCount: Self.payload.count) == nil)
        // The whole payload is no prefix; nor is one read as JSON Lines, nor a text with no line break.
        #expect(JSONTree.parsePrefix(Self.payload, wholeByteCount: Self.payload.count) == nil)
        #expect(
            JSONTree.parsePrefix(Array(Self.payload[..<cut]), wholeByteCount: Self.payload.count, options: .init(jsonLines: .on)) == nil)
        #expect(JSONTree.prefixLength(of: Array(#"{"a": [1, 2, 3], "b": {"c": null}}"#.utf8)) == nil)
        // A cut inside a string (a JSON5 line continuation) stops in the string, not at the cut.
        let json5 = Array("{\n  a: 'one \\\n".utf8)
        #expect(JSONTree.parsePrefix(json5, wholeByteCount: 1000, options: .init(json5: true)) == nil)
    }
}

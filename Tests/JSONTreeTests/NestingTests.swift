import Foundation
import Testing

@testable import JSONTree

/// Deep documents: no recursion anywhere, and JSONDecoder's 512-level limit reported.
@Suite struct NestingTests {
    static func nested(_ depth: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
    }

    @Test func aMillionLevelsScanWithoutACrash() throws {
        let tree = try JSONTree.parse(Self.nested(1_000_000))
        #expect(tree.nodeCount == 1_000_000)
        #expect(tree.depth(999_999) == 999_999)
        #expect(!tree.isAcceptedByJSONDecoder)
    }

    @Test(arguments: [511, 512, 513, 600])
    func depthLimitMatchesFoundation(depth: Int) throws {
        let bytes = Self.nested(depth)
        struct ReadsNothing: Decodable {}
        let foundation = (try? JSONDecoder().decode(ReadsNothing.self, from: Data(bytes))) != nil
        let tree = try JSONTree.parse(bytes)
        #expect(tree.isAcceptedByJSONDecoder == foundation)
        if depth > 512 {
            let issue = try #require(tree.errors.first)
            #expect(issue.kind == .nestingTooDeep(limit: 512))
            // The 513th bracket opens at byte 512, column 513.
            #expect(issue.location.column == 513)
            #expect(issue.node == 512)
        }
    }

    @Test func deepObjectsNavigate() throws {
        let depth = 200_000
        let bytes =
            Array(String(repeating: "{\"a\":", count: depth).utf8) + Array("1".utf8) + [UInt8](repeating: UInt8(ascii: "}"), count: depth)
        let tree = try JSONTree.parse(bytes)
        #expect(tree.nodeCount == depth + 1)
        #expect(tree.key(depth) == "a")
        #expect(tree.rawText(depth) == "1")
        #expect(tree.parent(depth) == depth - 1)
    }
}

import Testing

@testable import JSONTree

/// Several top-level values, one per line, open as a list of records.
@Suite struct JSONLinesTests {
    static let log = "{\"level\": \"info\", \"n\": 1}\n{\"level\": \"warn\", \"n\": 2}\n\n[3]\n"

    @Test func recordsBecomeTheRootsElements() throws {
        let tree = try JSONTree.parse(Array(Self.log.utf8), options: .init(jsonLines: .on))
        #expect(tree.isJSONLines && tree.isSynthetic(tree.root))
        #expect(tree.childCount(tree.root) == 3)
        let second = try #require(tree.element(tree.root, at: 1))
        #expect(tree.location(second).line == 2)
        #expect(tree.member(second, key: "level").flatMap { tree.stringValue($0) } == "warn")
    }

    @Test func autoDetectsOnlyWhenValuesFollowOnNewLines() throws {
        #expect(try JSONTree.parse(Array(Self.log.utf8), options: .init(jsonLines: .auto)).isJSONLines)
        #expect(throws: JSONParseError.self) { try JSONTree.parse(Array(Self.log.utf8)) }
        #expect(throws: JSONParseError.self) { try JSONTree.parse(Array("[1] [2]".utf8), options: .init(jsonLines: .auto)) }
    }

    @Test func twoRecordsOnOneLineAreAnError() {
        do {
            _ = try JSONTree.parse(Array("{}\n{} {}\n".utf8), options: .init(jsonLines: .on))
            Issue.record("accepted")
        } catch {
            #expect(error.location.line == 2 && error.location.column == 4)
            #expect(error.message.contains("line break between JSON Lines records"))
        }
    }
}

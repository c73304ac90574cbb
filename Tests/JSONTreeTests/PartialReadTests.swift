import Foundation
import Testing

@testable import JSONTree

/// A payload that is not JSON opens as far as it can be read (the explorer, as fx does): the
/// tree of what came before the structural error, and that error, exactly as `parse` reports it.
@Suite struct PartialReadTests {
    /// What a cut-off payload reads as: the nodes before the error, containers closed there.
    @Test func aMissingCommaKeepsWhatCameBefore() throws {
        let bytes = Array(#"{"a": 1, "b": [true, "x" "y"], "c": 2}"#.utf8)
        let tree = try JSONTree.parseReadablePart(bytes)
        let error = try #require(tree.structureError)
        #expect(throws: error) { try JSONTree.parse(bytes) }
        #expect(error.location.column == 26)
        #expect((0..<tree.nodeCount).map { tree.kind($0) } == [.object, .number, .array, .bool, .string])
        #expect(tree.structureErrorNode == 2)  // inside the array "b"
        #expect(tree.stringValue(4) == "x")
        #expect(!tree.isAcceptedByJSONDecoder && !tree.isStructureAcceptedByJSONDecoder)
        #expect(tree.byteRange(0) == 0..<25 && tree.byteRange(2) == 14..<25)
    }

    @Test func contentAfterTheValueKeepsTheWholeValue() throws {
        let bytes = Array("{\"a\": [1, 2]}\nnot json\n\n".utf8)
        let tree = try JSONTree.parseReadablePart(bytes)
        #expect(tree.nodeCount == 4)
        #expect(tree.structureErrorNode == 0)
        #expect(tree.structureError?.location.line == 2)
        #expect(tree.lineCount == 4)  // the lines after the error are known, for line mode
    }

    @Test func nothingReadableStillThrows() {
        for text in ["", "   ", "x", "]", "\"never closed"] {
            #expect(throws: JSONParseError.self, "\(text)") { try JSONTree.parseReadablePart(Array(text.utf8)) }
        }
    }

    @Test func validPayloadsReadAsParseReadsThem() throws {
        let bytes = Array(#"{"a": [1, {"b": null}], "c": "d"}"#.utf8)
        let whole = try JSONTree.parse(bytes)
        let read = try JSONTree.parseReadablePart(bytes)
        #expect(read.structureError == nil && read.structureErrorNode == nil)
        #expect((0..<read.nodeCount).map { read.byteRange($0) } == (0..<whole.nodeCount).map { whole.byteRange($0) })
    }

    /// Every file of JSONTestSuite that Foundation rejects for its structure: the partial tree
    /// reports the same error as `parse`, and is a well-formed tree (each node inside its
    /// parent's bytes and subtree), so the explorer can walk it.
    @Test func everyRejectedSuiteFileReadsAsFarAsItCan() throws {
        var problems: [String] = []
        var opened = 0
        for (file, accepted) in try TestSuiteFixtures.foundationVerdicts() where !accepted {
            let bytes = try TestSuiteFixtures.bytes(TestSuiteFixtures.testParsing.appendingPathComponent(file))
            let expected: JSONParseError
            do {
                _ = try JSONTree.parse(bytes)
                continue
            } catch { expected = error }
            let tree: JSONTree
            do { tree = try JSONTree.parseReadablePart(bytes) } catch {
                if error != expected { problems.append("\(file): throws \(error), parse threw \(expected)") }
                continue
            }
            opened += 1
            if tree.structureError != expected { problems.append("\(file): \(String(describing: tree.structureError)) != \(expected)") }
            for node in 1..<max(1, tree.nodeCount) {
                guard let parent = tree.parent(node) else {
                    problems.append("\(file): node \(node) has no parent")
                    continue
                }
                let inside = tree.byteRange(parent).contains(tree.byteRange(node).lowerBound) && node < tree.subtreeEnd(parent)
                if !inside { problems.append("\(file): node \(node) lies outside its parent \(parent)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(opened > 100)  // most broken files have something before their error
    }
}

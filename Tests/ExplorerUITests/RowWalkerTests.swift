import JSONTree
import Testing

@testable import ExplorerUI

/// Walking visible rows must give exactly the listing a naive, recursive flattening gives.
@Suite struct RowWalkerTests {
    static let payload = #"{"a": [1, {"b": [], "c": {}}, [2, [3]]], "d": {"e": null, "f": [true, false]}, "g": "x", "h": []}"#

    /// The reference: every visible row, listed by brute force.
    static func naiveRows(_ tree: JSONTree, _ folds: FoldState) -> [Row] {
        var rows: [Row] = []
        func visit(_ n: NodeID) {
            rows.append(Row(node: n))
            guard tree.kind(n).isContainer && folds.isExpanded(n) else { return }
            for child in tree.children(n) { visit(child) }
            rows.append(Row(node: n, isClose: true))
        }
        visit(tree.root)
        return rows
    }

    @Test func walkingMatchesTheNaiveListingUnderRandomFolds() throws {
        let tree = try JSONTree.parse(Array(Self.payload.utf8))
        var rng = SplitMix(seed: 7)
        for _ in 0..<200 {
            var folds = FoldState(nodeCount: tree.nodeCount)
            for n in 0..<tree.nodeCount where tree.kind(n).isContainer {
                folds.setExpanded(n, rng.next() % 3 != 0)
            }
            let expected = Self.naiveRows(tree, folds)
            let walker = RowWalker(tree: tree, folds: folds)
            var forward: [Row] = [Row(node: tree.root)]
            while let n = walker.next(forward.last!) { forward.append(n) }
            #expect(forward == expected)
            var backward: [Row] = [walker.lastRow]
            while let p = walker.previous(backward.last!) { backward.append(p) }
            #expect(backward.reversed() == expected)
        }
    }

    @Test func siblingsAndLastChildAreFoundWithoutWalkingAMillionElements() throws {
        let count = 1_000_000
        let bytes = Array(("[" + Array(repeating: "[0]", count: count).joined(separator: ",") + "]").utf8)
        let tree = try JSONTree.parse(bytes)
        let walker = RowWalker(tree: tree, folds: FoldState(nodeCount: tree.nodeCount))
        let last = try #require(walker.lastChild(tree.root))
        #expect(tree.indexInParent(last) == count - 1)
        #expect(walker.previousSibling(last).flatMap { tree.indexInParent($0) } == count - 2)
        #expect(walker.previous(Row(node: tree.root, isClose: true)) == Row(node: last))
    }

    @Test func foldedAncestorsHideANode() throws {
        let tree = try JSONTree.parse(Array(Self.payload.utf8))
        var folds = FoldState(nodeCount: tree.nodeCount)
        let a = try #require(tree.member(tree.root, key: "a"))
        let deep = try #require(tree.element(a, at: 2).flatMap { tree.element($0, at: 1) })
        #expect(RowWalker(tree: tree, folds: folds).visibleRow(for: deep) == Row(node: a))
        folds.setSubtree(tree.root, in: tree, expanded: true)
        #expect(RowWalker(tree: tree, folds: folds).visibleRow(for: deep) == Row(node: deep))
    }
}

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

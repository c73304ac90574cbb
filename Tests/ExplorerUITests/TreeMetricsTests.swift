import JSONTree
import Testing

@testable import ExplorerUI

/// Remembered positions must equal counted ones, wherever the questions come from.
@Suite struct TreeMetricsTests {
    @Test func positionsAgreeWithCountingInAnyOrder() throws {
        let count = 5_000
        let tree = try JSONTree.parse(Array(("[" + (0..<count).map { "[\($0)]" }.joined(separator: ",") + "]").utf8))
        let walker = RowWalker(tree: tree, folds: FoldState(nodeCount: tree.nodeCount))
        let metrics = TreeMetrics()
        let elements = Array(tree.children(tree.root))
        var rng = SplitMix(seed: 3)
        // The last element first (as `G` asks), then random ones, then walking up.
        var asked = [elements.count - 1] + (0..<300).map { _ in Int(rng.next() % UInt64(count)) }
        asked += (4_000..<4_100).reversed()
        for k in asked {
            #expect(metrics.position(of: elements[k], in: walker) == k)
        }
        #expect(metrics.childCount(tree.root, in: tree) == count)
    }

    @Test func positionsAgreeWhenTheCountIsKnownFirst() throws {
        // Elements of uneven size (scalars, arrays, objects), so positions are not node arithmetic.
        let count = 6_000
        let elements = (0..<count).map { k in k % 3 == 0 ? "\(k)" : k % 3 == 1 ? "[\(k), [\(k)]]" : "{\"k\": \(k)}" }
        let tree = try JSONTree.parse(Array(("[" + elements.joined(separator: ",") + "]").utf8))
        let walker = RowWalker(tree: tree, folds: FoldState(nodeCount: tree.nodeCount))
        let children = Array(tree.children(tree.root))
        var rng = SplitMix(seed: 11)
        for _ in 0..<3 {
            let metrics = TreeMetrics()
            #expect(metrics.childCount(tree.root, in: tree) == count)
            // Up from the end (as G then k asks), then anywhere, then down from the start.
            var asked = Array((count - 40..<count).reversed())
            asked += (0..<300).map { _ in Int(rng.next() % UInt64(count)) }
            asked += Array(0..<40) + [count / 2, count / 2 + 1, count / 2 - 1]
            for k in asked {
                #expect(metrics.position(of: children[k], in: walker) == k)
            }
        }
    }

    @Test func positionsInAnArrayOfScalarsAndInObjects() throws {
        let tree = try JSONTree.parse(Array(#"{"a": [1, 2, 3, 4], "b": {"x": [], "y": [5]}, "c": [[], {}, 6]}"#.utf8))
        let walker = RowWalker(tree: tree, folds: FoldState(nodeCount: tree.nodeCount))
        for countFirst in [false, true] {
            let metrics = TreeMetrics()
            for container in 0..<tree.nodeCount where tree.kind(container).isContainer {
                if countFirst { _ = metrics.childCount(container, in: tree) }
                for (k, child) in tree.children(container).enumerated() {
                    #expect(metrics.position(of: child, in: walker) == k)
                }
            }
        }
    }

    @Test func theHeaderShowsThePositionAtTheEndOfABigArray() throws {
        let tree = try JSONTree.parse(Array(("{\"items\": [" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]}").utf8))
        var state = ExplorerState(tree: tree, fileName: "big.json")
        // Unfold "items", go to the end, and up past the closing brackets to the last element.
        for action: Action in [.moveDown, .unfoldOrChild, .last, .moveUp, .moveUp] { state.perform(action, treeRows: 20) }
        let screen = ScreenRenderer.render(state, width: 80, height: 24)
        #expect(screen.text.split(separator: "\n")[0].hasSuffix("$.items[199999]"))
    }
}

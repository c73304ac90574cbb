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

    @Test func theHeaderShowsThePositionAtTheEndOfABigArray() throws {
        let tree = try JSONTree.parse(Array(("{\"items\": [" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]}").utf8))
        var state = ExplorerState(tree: tree, fileName: "big.json")
        // Unfold "items", go to the end, and up past the closing brackets to the last element.
        for action: Action in [.moveDown, .unfoldOrChild, .last, .moveUp, .moveUp] { state.perform(action, viewHeight: 20) }
        let screen = ScreenRenderer.render(state, width: 80, height: 24)
        #expect(screen.text.split(separator: "\n")[0].hasSuffix("$.items[199999]"))
    }
}

@testable import ExplorerUI

extension ExplorerState {
    /// The reducer on a screen whose tree shows `rows` rows: the layout first, as the run
    /// loop sends it, then the action.
    @discardableResult
    mutating func perform(_ action: Action, treeRows rows: Int) -> [Effect] {
        let layout = Layout.withTree(rows: rows, width: viewport.width)
        if layout != viewport { perform(.layout(layout)) }
        return perform(action)
    }
}

extension Layout {
    /// The smallest screen `width` wide whose tree has `rows` rows (the detail pane at its usual room).
    static func withTree(rows: Int, width: Int = 80) -> Layout {
        for height in Layout.minimumHeight...(rows + 64) where Layout(width: width, height: height).treeHeight == rows {
            return Layout(width: width, height: height)
        }
        return Layout(width: width, height: rows + 10)
    }
}

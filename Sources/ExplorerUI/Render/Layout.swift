/// Where each part of the screen goes at a given size: header, tree, rule, detail pane,
/// bottom line. The renderer draws by it and the run loop maps mouse clicks through it.
public struct Layout: Hashable, Sendable {
    public static let minimumWidth = 20
    public static let minimumHeight = 5

    public let width: Int
    public let height: Int
    /// The detail pane takes half the screen (the init(from:) stepping view).
    public let tallDetail: Bool
    /// The lines the detail pane needs to show all it explains (0: no more than its usual room).
    public let detailLines: Int

    public init(width: Int, height: Int, tallDetail: Bool = false, detailLines: Int = 0) {
        self.width = width
        self.height = height
        self.tallDetail = tallDetail
        self.detailLines = detailLines
    }

    /// The layout a state is drawn with: the detail pane grows with what it explains.
    public init(width: Int, height: Int, for state: ExplorerState) {
        var tall = false
        if case .stepping = state.mode { tall = true }
        // Stepping has its own tall pane; line mode and a too-small screen draw none.
        let hasPane = !tall && state.viewer.lines == nil && width >= Self.minimumWidth && height >= Self.minimumHeight
        self.init(
            width: width, height: height, tallDetail: tall,
            detailLines: hasPane ? DetailRenderer(state: state, measuring: true).neededLines(width: width) : 0)
    }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    /// The detail pane's usual room grows with the screen (one line on a tiny one, seven on a
    /// tall one); it takes up to half the screen below the header when what it explains needs
    /// more, and scrolls past that (`}` / `{`).
    public var detailHeight: Int {
        let normal =
            switch height {
            case ..<14: 1
            case ..<24: 4
            default: 7
            }
        if tallDetail { return max(normal, (height - 4) / 2) }
        return min(max(normal, detailLines), max(normal, (height - 3) / 2))
    }

    public var treeTop: Int { 1 }
    public var treeHeight: Int { max(1, height - 3 - detailHeight) }
    public var ruleY: Int { treeTop + treeHeight }
    public var detailTop: Int { ruleY + 1 }
    public var bottomY: Int { height - 1 }
}

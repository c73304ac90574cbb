/// Where each part of the screen goes at a given size: header, tree, rule, detail pane,
/// bottom line. The renderer draws by it and the run loop maps mouse clicks through it.
public struct Layout: Hashable, Sendable {
    public static let minimumWidth = 20
    public static let minimumHeight = 5

    public let width: Int
    public let height: Int
    /// The detail pane takes half the screen (the init(from:) stepping view).
    public let tallDetail: Bool

    public init(width: Int, height: Int, tallDetail: Bool = false) {
        self.width = width
        self.height = height
        self.tallDetail = tallDetail
    }

    /// The layout a state is drawn with.
    public init(width: Int, height: Int, for state: ExplorerState) {
        var tall = false
        if case .stepping = state.mode { tall = true }
        self.init(width: width, height: height, tallDetail: tall)
    }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    /// The detail pane grows with the screen: one line on a tiny one, seven on a tall one.
    public var detailHeight: Int {
        let normal = switch height {
        case ..<14: 1
        case ..<24: 4
        default: 7
        }
        return tallDetail ? max(normal, (height - 4) / 2) : normal
    }

    public var treeTop: Int { 1 }
    public var treeHeight: Int { max(1, height - 3 - detailHeight) }
    public var ruleY: Int { treeTop + treeHeight }
    public var detailTop: Int { ruleY + 1 }
    public var bottomY: Int { height - 1 }
}

/// Where each part of the screen goes at a given size: header, tree, rule, detail pane,
/// bottom line. The renderer draws by it and the run loop maps mouse clicks through it.
public struct Layout: Hashable, Sendable {
    public static let minimumWidth = 20
    public static let minimumHeight = 5

    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    /// The detail pane grows with the screen: one line on a tiny one, seven on a tall one.
    public var detailHeight: Int {
        switch height {
        case ..<14: 1
        case ..<24: 4
        default: 7
        }
    }

    public var treeTop: Int { 1 }
    public var treeHeight: Int { max(1, height - 3 - detailHeight) }
    public var ruleY: Int { treeTop + treeHeight }
    public var detailTop: Int { ruleY + 1 }
    public var bottomY: Int { height - 1 }
}

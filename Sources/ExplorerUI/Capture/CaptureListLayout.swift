/// Where the capture list's parts go on a screen: the header, the column titles, the list, a
/// rule, the detail pane of the selected entry, the bottom line.
struct CaptureListLayout: Hashable {
    static let minimumWidth = 30
    static let minimumHeight = 8

    var width: Int
    var height: Int

    var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }
    /// The detail pane's rows: a third of the screen, between 3 and 12.
    var detailHeight: Int { min(12, max(3, (height - 4) / 3)) }
    var listTop: Int { 2 }
    var listHeight: Int { max(1, height - 4 - detailHeight) }
    var ruleY: Int { listTop + listHeight }
    var detailTop: Int { ruleY + 1 }
    var bottomY: Int { height - 1 }
}

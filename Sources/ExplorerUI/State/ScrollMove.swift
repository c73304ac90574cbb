/// How far to scroll a view that shows lines (the pager, the help).
public enum ScrollMove: Hashable, Sendable {
    case lines(Int)
    case pages(Int)
    case halfPages(Int)
    case top
    case bottom

    /// The new first line, kept within `0...maxTop`.
    func apply(to top: Int, pageHeight: Int, maxTop: Int) -> Int {
        let page = max(1, pageHeight - 1)
        let moved =
            switch self {
            case .lines(let n): top + n
            case .pages(let n): top + n * page
            case .halfPages(let n): top + n * max(1, pageHeight / 2)
            case .top: 0
            case .bottom: maxTop
            }
        return min(max(0, moved), max(0, maxTop))
    }
}

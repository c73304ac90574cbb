extension LocatedDecodingError {
    /// `typeMismatch at products[1].price`: the error's kind and, below the root, where. How
    /// `check`, the explorer's detail pane, its fixes page and error groups name an error.
    public var heading: String {
        let parts = headingParts()
        return parts.kind + parts.place
    }

    /// The ``heading`` in its two parts, for a pane that styles them apart: the kind, and
    /// ` at products[1].price`, or `root` when the coding path is empty (an error about the root).
    public func headingParts(root: String = "") -> (kind: String, place: String) {
        (kindWord, codingPath.isEmpty ? root : " at " + codingPath.readableText)
    }

    /// The kind as a heading names it: Foundation's case, or for an element whose decode never
    /// answered (all-errors mode, compiled), what stopped it.
    var kindWord: String {
        switch reason {
        case .elementTimedOut: "hang"
        case .elementCrashed: "crash"
        default: kind.rawValue
        }
    }
}

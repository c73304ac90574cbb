extension LocatedDecodingError {
    /// `typeMismatch at products[1].price`: the error's kind and, below the root, where. How
    /// `check`, the explorer's detail pane, its fixes page and error groups name an error.
    public var heading: String { kind.rawValue + place }

    /// ` at products[1].price`; empty when the coding path is (an error about the root).
    public var place: String { codingPath.isEmpty ? "" : " at " + codingPath.readableText }
}

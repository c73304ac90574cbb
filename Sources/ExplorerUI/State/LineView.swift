/// Line mode (`m`, as in jless): the payload as the file has it, one line per row, with the
/// lines that hold an error marked. Lines are read from the tree's line table on demand; a
/// minified payload is laid out pretty instead (``PrettyLines``).
public struct LineView: Hashable, Sendable {
    /// The first line on screen (1-based).
    public var top: Int
    /// The highlighted line (1-based); leaving line mode goes to the node on it.
    public var current: Int
    /// A minified payload's lines laid out pretty (then `top` and `current` count its rows,
    /// from 1); nil: the file's own lines.
    public var pretty: PrettyLines?

    public init(top: Int, current: Int, pretty: PrettyLines? = nil) {
        self.top = top
        self.current = current
        self.pretty = pretty
    }
}

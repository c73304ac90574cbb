/// Line mode (`m`, as in jless): the payload as the file has it, one line per row, with the
/// lines that hold an error marked. Lines are read from the tree's line table on demand.
public struct LineView: Hashable, Sendable {
    /// The first line on screen (1-based).
    public var top: Int
    /// The highlighted line (1-based); leaving line mode goes to the node on it.
    public var current: Int

    public init(top: Int, current: Int) {
        self.top = top
        self.current = current
    }
}

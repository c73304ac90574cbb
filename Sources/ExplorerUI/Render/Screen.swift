/// A frame: a grid of styled cells, the pure output of rendering (state, size).
///
/// Wide characters take two cells; the second holds `continuation`. Screens are
/// `Equatable`, so a backend paints only the cells that changed and tests compare them
/// as text.
public struct Screen: Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        public var character: Character
        public var style: Style

        public static let blank = Cell(character: " ", style: .plain)
        /// The right half of a wide character.
        public static let continuation = Cell(character: "\u{0}", style: .plain)
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    /// Writes text from column `x` of row `y`, clipped at `limit` (default: the right edge);
    /// returns the column after the last cell written. A wide character that would not fit
    /// whole is replaced by a space.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, x: Int, y: Int, style: Style, limit: Int? = nil) -> Int {
        guard y >= 0 && y < height else { return x }
        let end = min(limit ?? width, width)
        var column = x
        for character in text {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            guard column + w <= end else {
                if column < end { cells[y * width + column] = Cell(character: " ", style: style); column += 1 }
                break
            }
            if column >= 0 {
                cells[y * width + column] = Cell(character: character, style: style)
                if w == 2 { cells[y * width + column + 1] = .continuation }
            }
            column += w
        }
        return column
    }

    /// Gives every cell of a row from `x` to the right edge a style (the cursor bar).
    public mutating func restyle(row y: Int, from x: Int = 0, as style: Style) {
        guard y >= 0 && y < height else { return }
        for k in max(0, x)..<width { cells[y * width + k].style = style }
    }

    /// Fills the rest of a row with a character (rules and borders).
    public mutating func fill(row y: Int, from x: Int, with character: Character, style: Style) {
        guard y >= 0 && y < height, x < width else { return }
        for k in max(0, x)..<width { cells[y * width + k] = Cell(character: character, style: style) }
    }

    /// The screen as plain text, one line a row, trailing spaces kept off.
    public var text: String {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where self[x, y] != .continuation { line.append(self[x, y].character) }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// The screen as text with a `[tag]` where a style begins and `[/]` where it ends,
    /// for snapshot tests that care about meaning, not colour.
    public var styledText: String {
        (0..<height).map { y in
            var line = ""
            var current = Style.plain
            for x in 0..<width where self[x, y] != .continuation {
                let cell = self[x, y]
                if cell.style != current {
                    if current != .plain { line += "[/]" }
                    if cell.style != .plain { line += "[\(cell.style.snapshotTag)]" }
                    current = cell.style
                }
                line.append(cell.character)
            }
            if current != .plain { line += "[/]" }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}

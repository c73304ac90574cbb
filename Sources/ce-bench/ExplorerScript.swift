/// What the explorer benchmark types, and the classes its timings are reported in.
///
/// The payload (``PayloadGenerator/generateExplorerPayload(targetBytes:)``) opens with the
/// root unfolded and its seven members on screen, `data` (the records) and
/// `latencies_ms` (1,000,000 numbers, the last member) folded. The script moves near the
/// top, unfolds the 1,000,000-element array and works at its end, then unfolds whole
/// subtrees with `L`. After the steps that say so, the header's key path is checked on the
/// captured screen, so a script that went somewhere else fails instead of timing the wrong
/// thing.
struct ExplorerScript {
    enum KeyClass: String, CaseIterable {
        case topMoves, topPages, jumpsFolded
        case unfoldRecords, unfoldSeries, endJump, endMoves, endPages, endSiblings, startMoves, toSeries, foldSeries
        case recordMoves
        case bulkSeries, bulkRecords, bulkDocument
        // Issue 13's keys (jless and fx), after the script above.
        case wrapToggle, wrapMoves, bracketJumps, jumps, counts, lineMode
        case foldLevels, siblingFolds

        var title: String {
            switch self {
            case .topMoves: "j/k near the top (data unfolded)"
            case .topPages: "Ctrl-d/Ctrl-u/PgDn/PgUp near the top"
            case .jumpsFolded: "g/G, 1M array folded"
            case .unfoldRecords: "l unfold data (records)"
            case .unfoldSeries: "l unfold the 1M array"
            case .endJump: "G to the end, 1M array open"
            case .endMoves: "j/k at the end of the 1M array"
            case .endPages: "Ctrl-u/Ctrl-d/PgUp/PgDn at the 1M array's end"
            case .endSiblings: "K/J at the end of the 1M array"
            case .startMoves: "l/j/k at the start of the 1M array"
            case .toSeries: "h: last element -> the 1M array"
            case .foldSeries: "h fold the open 1M array"
            case .recordMoves: "j/k/Ctrl-d in unfolded records"
            case .bulkSeries: "L/H on the 1M array"
            case .bulkRecords: "L/H on data (all records)"
            case .bulkDocument: "L/H on the whole document"
            case .wrapToggle: "w: wrap long strings on / off"
            case .wrapMoves: "j/k/Ctrl-d/g/G with wrap on"
            case .bracketJumps: "% to the matching bracket (1M array)"
            case .jumps: "Ctrl-o / Ctrl-n through the jump history"
            case .counts: "counts: 3j, 4J (each key timed)"
            case .lineMode: "m line mode, j/Ctrl-d/G/g in it"
            case .foldLevels: "z3: fold to level 3 (whole document)"
            case .siblingFolds: "c/e: fold/unfold 25k sibling records"
            }
        }

        /// `L`/`H` unfold or fold a whole subtree: they visit every node below the cursor, so
        /// they are reported apart from the keys that move or fold one container.
        var isBulk: Bool {
            switch self {
            case .bulkSeries, .bulkRecords, .bulkDocument, .foldLevels, .siblingFolds: true
            default: false
            }
        }
    }

    /// A key as tmux names it for `send-keys` and as the explorer's frame log names it.
    struct Key {
        var tmux: String
        var logged: String

        static func char(_ c: String) -> Key { Key(tmux: c, logged: c) }
        static let ctrlD = Key(tmux: "C-d", logged: "Ctrl-d")
        static let ctrlU = Key(tmux: "C-u", logged: "Ctrl-u")
        static let pageDown = Key(tmux: "NPage", logged: "PgDn")
        static let pageUp = Key(tmux: "PPage", logged: "PgUp")
        static let ctrlO = Key(tmux: "C-o", logged: "Ctrl-o")
        static let ctrlN = Key(tmux: "C-n", logged: "Ctrl-n")
    }

    struct Step {
        var keyClass: KeyClass
        var keys: [Key]
        /// The cursor's key path the header must show after the step.
        var path: String?
    }

    let series: String
    let seriesCount: Int
    var steps: [Step] = []

    init(series: String, seriesCount: Int) {
        self.series = series
        self.seriesCount = seriesCount
        let s = "$." + series
        let last = seriesCount - 1

        // Near the top: open the records, move and page among them.
        add(.topMoves, "j", 3, path: "$.data")
        add(.unfoldRecords, "l", 1)
        add(.topMoves, "j", 50, path: "$.data[49]")
        add(.topMoves, "k", 20, path: "$.data[29]")
        add(.topPages, .ctrlD, 5)
        add(.topPages, .ctrlU, 5, path: "$.data[29]")
        add(.topPages, .pageDown, 5)
        add(.topPages, .pageUp, 5, path: "$.data[29]")
        add(.jumpsFolded, "G", 1)
        add(.jumpsFolded, "g", 1, path: "$")

        // The 1,000,000-element array, twice: the first time nothing about it is known yet.
        for _ in 0..<2 {
            add(.jumpsFolded, "G", 1)
            add(.endMoves, "k", 1, path: s)
            add(.unfoldSeries, "l", 1)
            add(.endJump, "G", 1)
            add(.endMoves, "k", 20, path: "\(s)[\(last - 18)]")
            add(.endMoves, "j", 10, path: "\(s)[\(last - 8)]")
            add(.endPages, .ctrlU, 5)
            add(.endPages, .ctrlD, 5, path: "\(s)[\(last - 8)]")
            add(.endPages, .pageUp, 5)
            add(.endPages, .pageDown, 5, path: "\(s)[\(last - 8)]")
            add(.endSiblings, "K", 10, path: "\(s)[\(last - 18)]")
            add(.endSiblings, "J", 10, path: "\(s)[\(last - 8)]")
            add(.toSeries, "h", 1, path: s)
            add(.jumpsFolded, "g", 1, path: "$")
            add(.startMoves, "j", 1)
            add(.startMoves, "J", 6, path: s)
            add(.startMoves, "l", 1, path: "\(s)[0]")
            add(.startMoves, "j", 20, path: "\(s)[20]")
            add(.startMoves, "k", 20, path: "\(s)[0]")
            add(.toSeries, "h", 1, path: s)
            add(.foldSeries, "h", 1, path: s)
            add(.jumpsFolded, "g", 1, path: "$")
        }

        // Whole subtrees: the 1M array, the records, the document.
        add(.jumpsFolded, "G", 1)
        add(.endMoves, "k", 1, path: s)
        add(.bulkSeries, "L", 1)
        add(.bulkSeries, "H", 1, path: s)
        add(.bulkSeries, "L", 1)
        add(.endJump, "G", 1)
        add(.endMoves, "k", 20, path: "\(s)[\(last - 18)]")
        add(.toSeries, "h", 1, path: s)
        add(.bulkSeries, "H", 1, path: s)
        add(.jumpsFolded, "g", 1, path: "$")
        add(.topMoves, "j", 3, path: "$.data")
        add(.bulkRecords, "L", 1, path: "$.data")
        add(.recordMoves, "j", 50)
        add(.recordMoves, .ctrlD, 5)
        add(.recordMoves, "k", 20)
        add(.jumpsFolded, "g", 1, path: "$")
        add(.topMoves, "j", 3, path: "$.data")
        add(.bulkRecords, "H", 1, path: "$.data")
        add(.jumpsFolded, "g", 1, path: "$")
        add(.bulkDocument, "L", 1, path: "$")
        add(.endJump, "G", 1)
        add(.endMoves, "k", 20, path: "\(s)[\(last - 18)]")
        add(.jumpsFolded, "g", 1, path: "$")
        add(.bulkDocument, "H", 1, path: "$")

        // Issue 13: fold to a level, then wrap on and move about, `%`, the jump history,
        // counts, fold/unfold the 25k records as siblings, line mode.
        add(.foldLevels, "z", 1)
        add(.foldLevels, "3", 1, path: "$")
        add(.wrapToggle, "w", 1)
        add(.wrapMoves, "j", 3, path: "$.data")
        add(.wrapMoves, "j", 50)
        add(.wrapMoves, .ctrlD, 5)
        add(.wrapMoves, "k", 20)
        add(.wrapMoves, "g", 1, path: "$")
        add(.wrapMoves, "G", 1)
        add(.wrapMoves, "k", 20, path: "\(s)[\(last - 18)]")
        add(.bracketJumps, "%", 1, path: s)
        add(.bracketJumps, "%", 1, path: s)
        add(.jumps, .ctrlO, 1, path: s)
        add(.jumps, .ctrlO, 1, path: "\(s)[\(last - 18)]")
        add(.jumps, .ctrlN, 1, path: s)
        add(.wrapMoves, "g", 1, path: "$")
        add(.counts, "3", 1)
        add(.counts, "j", 1, path: "$.data")
        add(.counts, "4", 1)
        add(.counts, "J", 1, path: s)
        add(.wrapMoves, "g", 1, path: "$")
        add(.wrapMoves, "j", 3, path: "$.data")
        add(.wrapMoves, "l", 1, path: "$.data[0]")
        add(.siblingFolds, "c", 1)
        add(.siblingFolds, "e", 1)
        add(.siblingFolds, "c", 1, path: "$.data[0]")
        add(.lineMode, "m", 1)
        add(.lineMode, "j", 20)
        add(.lineMode, .ctrlD, 5)
        add(.lineMode, "G", 1)
        add(.lineMode, "g", 1)
        add(.lineMode, "m", 1, path: "$")
        add(.wrapToggle, "w", 1)
    }

    private mutating func add(_ keyClass: KeyClass, _ key: String, _ count: Int, path: String? = nil) {
        add(keyClass, .char(key), count, path: path)
    }

    private mutating func add(_ keyClass: KeyClass, _ key: Key, _ count: Int, path: String? = nil) {
        steps.append(Step(keyClass: keyClass, keys: Array(repeating: key, count: count), path: path))
    }

    var keyCount: Int { steps.reduce(0) { $0 + $1.keys.count } }
}

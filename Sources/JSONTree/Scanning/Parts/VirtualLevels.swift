/// The containers a later part of a scan in parts (``ScanPart``) is inside of without having
/// seen them open: level 0 holds the part's first value, level 1 holds level 0, and so on.
///
/// On the part's stack a level is the ID `-2 - level` (the root's parent is -1). A level's kind
/// is guessed when the part first needs it, from the text ahead: after a comma, a string
/// followed by `:` is a member, anything else an element; a `}` or `]` says it at once. The
/// stitch checks each guess against the container really open there.
struct VirtualLevels {
    /// The kind guessed for each level met so far, innermost first (nil: not needed yet).
    var kinds: [NodeKind?] = [nil]
    /// For each level the part closed: where it closed, and the part's node count then.
    var closes: [(end: Int, nodeCount: Int)] = []

    var closedCount: Int { closes.count }

    static func id(ofLevel level: Int) -> Int32 { Int32(truncatingIfNeeded: -2 - level) }

    static func level(ofID id: Int) -> Int { -2 - id }
}

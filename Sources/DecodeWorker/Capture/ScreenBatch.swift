import Capture
import CodableExplorerRunner
import JSONTree

/// Entries of a capture read ahead of their verdicts, to be screened together (``CaptureCheck``):
/// one screening job for each type and path, its bodies laid end to end in one file (``ScreenFile``).
/// Bounded (``limits``): memory holds a batch, never the capture.
struct ScreenBatch: Sendable {
    /// At most this many entries, or bodies of this many bytes in all (one larger body is a batch
    /// alone). The first batch is smaller: the worker gets going while the next is read.
    static let limits = (entries: 1000, bytes: 4 << 20)
    static let firstEntries = 100

    struct Item: Sendable {
        var outcome: CaptureOutcome
        var body: [UInt8]
        /// The rule to decode it with (nil: its verdict is known already).
        var rule: RouteRule?
    }

    /// The entries a screening job takes: all of one type at one path.
    struct Group: Sendable {
        var rule: RouteRule
        var positions: [Int]
    }

    /// The screening file of a group's bodies.
    func file(of group: Group) -> [UInt8] {
        var file: [UInt8] = []
        file.reserveCapacity(group.positions.reduce(0) { $0 + items[$1].body.count + 8 })
        for position in group.positions { ScreenFile.append(items[position].body, to: &file) }
        return file
    }

    /// Which batch of the check this is (the first is smaller).
    var number = 0
    private(set) var items: [Item] = []
    /// The bytes of the bodies to decode.
    private(set) var bytes = 0

    init(number: Int = 0) { self.number = number }

    var isEmpty: Bool { items.isEmpty }
    var isFull: Bool { items.count >= (number == 0 ? Self.firstEntries : Self.limits.entries) || bytes >= Self.limits.bytes }

    /// The item at `position`, moved out (what is left there is a skipped entry with no body or
    /// rule): handing on a batch's entries, a copy of each retained and released every string and
    /// array it holds (some 1 ms of the check's thread in a 2,000-entry capture, `perf`).
    mutating func take(_ position: Int) -> Item {
        let left = CaptureOutcome(entry: CaptureEntry(index: 0, line: 0, body: .empty), verdict: .skipped, errorResponse: false)
        var item = Item(outcome: left, body: [], rule: nil)
        swap(&item, &items[position])
        return item
    }

    mutating func add(_ outcome: CaptureOutcome, body: [UInt8], rule: RouteRule?) {
        if rule != nil { bytes += body.count }
        items.append(Item(outcome: outcome, body: body, rule: rule))
    }

    /// The entries to decode, grouped by type expression and path, in the order each first comes.
    var groups: [Group] {
        struct Key: Hashable {
            var typeExpression: String
            var path: NodePath
        }
        var groups: [Group] = []
        var found: [Key: Int] = [:]
        for (position, item) in items.enumerated() {
            guard let rule = item.rule else { continue }
            let key = Key(typeExpression: rule.typeExpression, path: rule.path)
            if let at = found[key] {
                groups[at].positions.append(position)
            } else {
                found[key] = groups.count
                groups.append(Group(rule: rule, positions: [position]))
            }
        }
        return groups
    }
}
